import { DEBUG_LOG_ENTRIES } from '@kouyu/core';

/** Where an entry comes from: the API client, the speech sockets, playback or the microphone. */
export type DebugSource = 'api' | 'tts' | 'asr' | 'feedback' | 'audio' | 'mic' | 'network';
export type DebugLevel = 'info' | 'warn' | 'error';

export interface DebugEntry {
  /** Milliseconds since the epoch. */
  at: number;
  source: DebugSource;
  level: DebugLevel;
  message: string;
}

const MESSAGE_MAX = 300;
// A socket URL carries the access token; the log is meant to be copied into a bug report.
const SECRET = /((?:token|access_token|refresh_token|key)=)[^&\s"']+/gi;

let entries: readonly DebugEntry[] = [];
const listeners = new Set<() => void>();

/**
 * Keeps the last `DEBUG_LOG_ENTRIES` (spec 001 §9: 50) events of the speech pipeline in memory, so a
 * learner can open and copy them when something goes wrong. Nothing leaves the browser.
 */
export function logDebug(source: DebugSource, level: DebugLevel, message: string, now = Date.now()): void {
  const clean = message.replace(SECRET, '$1…').slice(0, MESSAGE_MAX);
  entries = [...entries, { at: now, source, level, message: clean }].slice(-DEBUG_LOG_ENTRIES);
  for (const listener of listeners) listener();
}

/** The kept entries, oldest first; the same array until the next entry (for useSyncExternalStore). */
export function debugEntries(): readonly DebugEntry[] {
  return entries;
}

/** Calls `listener` after each new entry; returns the unsubscribe function. */
export function subscribeDebugLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearDebugLog(): void {
  entries = [];
  for (const listener of listeners) listener();
}

/** One line per entry (`12:04:05.120 asr warn reconnecting`), in UTC so reports compare. */
export function formatDebugLog(list: readonly DebugEntry[]): string {
  return list
    .map((e) => `${new Date(e.at).toISOString().slice(11, 23)} ${e.source} ${e.level} ${e.message}`)
    .join('\n');
}

import { z } from 'zod';
import { FEEDBACK_DONE, FEEDBACK_WS_URL_LIMIT, isErrorCode, savedFeedbackSchema } from '@kouyu/core';
import type { ErrorCode, FeedbackPayload } from '@kouyu/core';
import { logDebug } from '@/lib/debug-log';
import { parseFrame } from '@/lib/audio/socket';
import type { SocketFactory } from '@/lib/audio/socket';

export type SavedFeedback = z.infer<typeof savedFeedbackSchema>;

/** The failures of spec 001 §8 for feedback, by stable key. */
export type FeedbackFailure =
  // The prepared session could not be had: refused over HTTP (its code) or no answer at all (null).
  | { kind: 'prepare'; code: ErrorCode | null }
  | { kind: 'parse' }
  | { kind: 'connection' }
  | { kind: 'server'; message: string; code: ErrorCode | null };

export class FeedbackError extends Error {
  constructor(readonly failure: FeedbackFailure) {
    super(failure.kind);
  }
}

/** The socket path of the feedback stream. */
export const FEEDBACK_WS_PATH = '/user-test-questions/ws';

/** The payload as socket query parameters (absent values left out). */
export function feedbackQuery(payload: FeedbackPayload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    out[k] = String(v);
  }
  return out;
}

/** Full tests always use a prepared session; otherwise only when the query URL would be 2000 characters or more. */
export function needsPreparedSession(queryUrl: string, fullTest: boolean): boolean {
  return fullTest || queryUrl.length >= FEEDBACK_WS_URL_LIMIT;
}

export type FeedbackFrame =
  | { kind: 'chunk'; text: string }
  | { kind: 'done' }
  | { kind: 'saved'; record: SavedFeedback }
  | { kind: 'error'; message: string; code: ErrorCode | null }
  | { kind: 'unreadable' };

const errorFrame = z.object({ error: z.string(), code: z.string().optional() });

/**
 * Reads one frame: text chunks until "[[DONE]]", then the saved record as JSON. A JSON object with
 * `error` is a failure at any point; after the marker anything that is not the record is unreadable.
 */
export function readFeedbackFrame(data: unknown, afterDone: boolean): FeedbackFrame {
  if (typeof data !== 'string') return { kind: 'unreadable' };
  if (data === FEEDBACK_DONE) return { kind: 'done' };
  const json = data.trimStart().startsWith('{') ? parseFrame(data) : undefined;
  const err = errorFrame.safeParse(json);
  if (err.success)
    return {
      kind: 'error',
      message: err.data.error,
      code: isErrorCode(err.data.code) ? err.data.code : null,
    };
  if (afterDone) {
    const saved = savedFeedbackSchema.safeParse(json);
    return saved.success ? { kind: 'saved', record: saved.data } : { kind: 'unreadable' };
  }
  return { kind: 'chunk', text: data };
}

export interface StreamOptions {
  /** The socket URL: with the query form, or with `session_id`. */
  url: string;
  socket: SocketFactory;
  signal: AbortSignal;
  onChunk: (text: string) => void;
  /** How long the socket may take to open before the answer counts as not sent (default 10 s). */
  openTimeoutMs?: number;
}

/** A socket that has not opened by then never will: a captive portal, or a network gone quiet. */
export const FEEDBACK_OPEN_TIMEOUT_MS = 10_000;

/** Streams one answer's feedback; resolves with the saved record (null when the server sent none). */
export function streamFeedback({
  url,
  socket,
  signal,
  onChunk,
  openTimeoutMs = FEEDBACK_OPEN_TIMEOUT_MS,
}: StreamOptions): Promise<SavedFeedback | null> {
  return new Promise((resolve, reject) => {
    const ws = socket(url);
    let done = false;
    let settled = false;
    // A socket opened as the network went away may neither connect nor fail: the answer is kept
    // on the device instead of waiting for ever (when the browser says offline, or the socket is
    // still not open after the timeout).
    const lost = () => settle(null, new FeedbackError({ kind: 'connection' }));
    const openTimer = setTimeout(() => {
      if (ws.readyState === 0) lost();
    }, openTimeoutMs);
    const onOffline = () => lost();
    if (typeof window !== 'undefined') window.addEventListener('offline', onOffline);
    const settle = (result: SavedFeedback | null, err?: FeedbackError) => {
      if (settled) return;
      settled = true;
      clearTimeout(openTimer);
      if (typeof window !== 'undefined') window.removeEventListener('offline', onOffline);
      signal.removeEventListener('abort', onAbort);
      ws.onclose = null;
      ws.onmessage = null;
      if (ws.readyState <= 1) ws.close(1000);
      if (err) {
        const { kind } = err.failure;
        logDebug('feedback', 'error', kind === 'server' ? `server error ${err.failure.code ?? ''}` : kind);
        reject(err);
      } else resolve(result);
    };
    const onAbort = () => settle(null);
    signal.addEventListener('abort', onAbort, { once: true });
    ws.onmessage = (ev: MessageEvent) => {
      const frame = readFeedbackFrame(ev.data, done);
      if (frame.kind === 'chunk') onChunk(frame.text);
      else if (frame.kind === 'done') done = true;
      else if (frame.kind === 'saved') settle(frame.record);
      else if (frame.kind === 'error')
        settle(null, new FeedbackError({ kind: 'server', message: frame.message, code: frame.code }));
      else settle(null, new FeedbackError({ kind: 'parse' }));
    };
    ws.onerror = () => settle(null, new FeedbackError({ kind: 'connection' }));
    ws.onclose = () => (done ? settle(null) : settle(null, new FeedbackError({ kind: 'connection' })));
  });
}

import { afterEach, describe, expect, it } from 'vitest';
import { DEBUG_LOG_ENTRIES } from '@kouyu/core';
import { clearDebugLog, debugEntries, formatDebugLog, logDebug, subscribeDebugLog } from './debug-log';

describe('debug log', () => {
  afterEach(() => clearDebugLog());

  it('keeps only the last 50 entries, oldest first', () => {
    for (let i = 0; i < DEBUG_LOG_ENTRIES + 7; i++) logDebug('asr', 'info', `chunk ${i}`, i);
    const kept = debugEntries();
    expect(kept).toHaveLength(50);
    expect(kept[0]?.message).toBe('chunk 7');
    expect(kept.at(-1)?.message).toBe(`chunk ${DEBUG_LOG_ENTRIES + 6}`);
  });

  it('hides tokens and keys and cuts long messages', () => {
    logDebug('asr', 'error', 'closed wss://host/api/v1/asr/ws?token=eyJhbGciOi.abc&x=1 code 1006');
    logDebug('api', 'warn', 'x'.repeat(1000));
    const [first, second] = debugEntries();
    expect(first?.message).toBe('closed wss://host/api/v1/asr/ws?token=…&x=1 code 1006');
    expect(second?.message).toHaveLength(300);
  });

  it('tells subscribers and keeps the same array between entries', () => {
    let calls = 0;
    const stop = subscribeDebugLog(() => calls++);
    logDebug('tts', 'info', 'connected');
    const a = debugEntries();
    expect(debugEntries()).toBe(a);
    logDebug('tts', 'warn', 'slow');
    stop();
    logDebug('tts', 'info', 'ignored by the stopped listener');
    expect(calls).toBe(2);
  });

  it('formats one line per entry with a UTC time', () => {
    logDebug('feedback', 'error', 'socket closed', Date.UTC(2026, 0, 2, 3, 4, 5, 120));
    expect(formatDebugLog(debugEntries())).toBe('03:04:05.120 feedback error socket closed');
  });
});

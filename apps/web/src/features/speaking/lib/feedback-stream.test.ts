import { describe, expect, it, vi } from 'vitest';
import { feedbackQuery, needsPreparedSession, readFeedbackFrame, streamFeedback } from './feedback-stream';

describe('feedback stream frames', () => {
  it('reads text chunks, the done marker and the saved record', () => {
    expect(readFeedbackFrame('Good pronunciation', false)).toEqual({
      kind: 'chunk',
      text: 'Good pronunciation',
    });
    expect(readFeedbackFrame('[[DONE]]', false)).toEqual({ kind: 'done' });
    const record = { id: 7, score: 82, feedback: 'ok', feedback_html: '<p>ok</p>' };
    expect(readFeedbackFrame(JSON.stringify(record), true)).toEqual({ kind: 'saved', record });
  });
  it('takes a JSON-looking chunk before the marker as text', () => {
    expect(readFeedbackFrame('{score: high}', false)).toEqual({ kind: 'chunk', text: '{score: high}' });
  });
  it('reads error frames at any point', () => {
    expect(readFeedbackFrame(JSON.stringify({ error: 'boom', code: 'rate_limited' }), false)).toEqual({
      kind: 'error',
      message: 'boom',
      code: 'rate_limited',
    });
    expect(readFeedbackFrame(JSON.stringify({ error: 'boom' }), true)).toEqual({
      kind: 'error',
      message: 'boom',
      code: null,
    });
  });
  it('calls anything else after the marker unreadable', () => {
    expect(readFeedbackFrame('not json', true)).toEqual({ kind: 'unreadable' });
    expect(readFeedbackFrame(JSON.stringify({ id: 'x' }), true)).toEqual({ kind: 'unreadable' });
  });
});

describe('feedback request', () => {
  it('writes the payload as query parameters, leaving absent values out', () => {
    expect(
      feedbackQuery({
        user_id: null,
        question_id: 3,
        level_id: 1,
        part_id: 2,
        user_answers: '我',
        is_guest: true,
        language: 'en',
      }),
    ).toEqual({
      question_id: '3',
      level_id: '1',
      part_id: '2',
      user_answers: '我',
      is_guest: 'true',
      language: 'en',
    });
  });
  it('prepares a session for full tests and for URLs of 2000 characters or more', () => {
    expect(needsPreparedSession('ws://h/x?a=1', false)).toBe(false);
    expect(needsPreparedSession('ws://h/x?a=1', true)).toBe(true);
    expect(needsPreparedSession(`ws://h/x?a=${'b'.repeat(1999)}`, false)).toBe(true);
    expect(needsPreparedSession('w'.repeat(1999), false)).toBe(false);
  });
});

describe('feedback stream on a network that goes away', () => {
  const pendingSocket = () => {
    const ws = {
      binaryType: 'arraybuffer' as BinaryType,
      readyState: 0,
      closed: false,
      send: () => undefined,
      close() {
        this.closed = true;
      },
      onopen: null,
      onmessage: null,
      onerror: null,
      onclose: null,
    };
    return ws;
  };

  it('gives up on a socket that never opens, as a connection failure', async () => {
    vi.useFakeTimers();
    try {
      const ws = pendingSocket();
      const stream = streamFeedback({
        url: 'ws://localhost/x',
        socket: () => ws,
        signal: new AbortController().signal,
        onChunk: () => undefined,
        openTimeoutMs: 5_000,
      });
      const failed = expect(stream).rejects.toMatchObject({ failure: { kind: 'connection' } });
      await vi.advanceTimersByTimeAsync(5_000);
      await failed;
      expect(ws.closed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails at once when the browser goes offline while the socket waits', async () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    try {
      const stream = streamFeedback({
        url: 'ws://localhost/x',
        socket: () => pendingSocket(),
        signal: new AbortController().signal,
        onChunk: () => undefined,
      });
      target.dispatchEvent(new Event('offline'));
      await expect(stream).rejects.toMatchObject({ failure: { kind: 'connection' } });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Socket from '@/lib/audio/socket';
import type { SocketLike } from '@/lib/audio/socket';

// Each socket the client opens plays the next script: 'drop' closes before the review ends,
// 'review' streams a chunk, the done marker and the saved record.
const scripts: ('drop' | 'review')[] = [];
const opened: string[] = [];

vi.mock('@/lib/audio/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof Socket>()),
  browserSocket: (url: string): SocketLike => {
    opened.push(url);
    const script = scripts.shift() ?? 'drop';
    const ws: SocketLike = {
      binaryType: 'arraybuffer',
      readyState: 1,
      send: () => undefined,
      close: () => undefined,
      onopen: null,
      onmessage: null,
      onerror: null,
      onclose: null,
    };
    setTimeout(() => {
      ws.onopen?.(new Event('open'));
      const say = (data: string) => ws.onmessage?.(new MessageEvent('message', { data }));
      if (script === 'review') {
        say('Well said.');
        say('[[DONE]]');
        say(JSON.stringify({ id: 9, score: 80, feedback: 'Well said.', feedback_html: '<p>Well said.</p>' }));
      }
      // Node has no CloseEvent; the client reads nothing of it but that it came.
      const close = Object.assign(new Event('close'), {
        code: script === 'drop' ? 1012 : 1000,
        reason: '',
        wasClean: true,
      });
      ws.onclose?.(close as CloseEvent);
    }, 0);
    return ws;
  },
}));

// The web-unit project runs in Node: give the URL builder a page address.
vi.stubGlobal('window', {
  location: { href: 'http://localhost:3000/en/test/basic/1/part-1' },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});
const { isRetryable, requestFeedback } = await import('./request-feedback');

const payload = {
  user_id: null,
  question_id: 3,
  level_id: 1,
  part_id: 1,
  user_answers: '我',
  is_guest: true,
  language: 'en' as const,
};

describe('feedback request over a socket that closes early', () => {
  afterEach(() => {
    scripts.length = 0;
    opened.length = 0;
  });

  it('tries once more when an instance restarting closed the socket, and gets the review', async () => {
    scripts.push('drop', 'review');
    const chunks: string[] = [];
    const saved = await requestFeedback({
      payload,
      signedIn: false,
      fullTest: false,
      signal: new AbortController().signal,
      onChunk: (t) => chunks.push(t),
    });
    expect(saved).toMatchObject({ id: 9, score: 80 });
    expect(opened).toHaveLength(2);
  });

  it('gives up after the one retry, so the run keeps the answer on the device', async () => {
    scripts.push('drop', 'drop');
    await expect(
      requestFeedback({
        payload,
        signedIn: false,
        fullTest: false,
        signal: new AbortController().signal,
        onChunk: () => undefined,
      }),
    ).rejects.toMatchObject({ failure: { kind: 'connection' } });
    expect(opened).toHaveLength(2);
  });
  it('opens no socket while the browser is offline, and waits for no retry', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      scripts.push('review');
      await expect(
        requestFeedback({
          payload,
          signedIn: false,
          fullTest: false,
          signal: new AbortController().signal,
          onChunk: () => undefined,
        }),
      ).rejects.toMatchObject({ failure: { kind: 'connection' } });
      expect(opened).toHaveLength(0);
    } finally {
      vi.stubGlobal('navigator', { onLine: true });
    }
  });
});

// Spec 001 §8: "Failed to prepare WebSocket session" whether prepare-ws refused over HTTP or failed.
describe('a prepared session that cannot be had', () => {
  const full = () =>
    requestFeedback({
      payload,
      signedIn: false,
      fullTest: true,
      signal: new AbortController().signal,
      onChunk: () => undefined,
    });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.stubGlobal('window', {
      location: { href: 'http://localhost:3000/en/test/basic/1/part-1' },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
  });

  it('is a prepare failure with the code of an HTTP refusal, and not retried when it will not change', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ success: false, code: 'forbidden', message: 'No.' }, { status: 403 }),
    );
    const err: unknown = await full().catch((e: unknown) => e);
    expect(err).toMatchObject({ failure: { kind: 'prepare', code: 'forbidden' } });
    expect(isRetryable({ kind: 'prepare', code: 'forbidden' })).toBe(false);
    expect(isRetryable({ kind: 'prepare', code: 'service_unavailable' })).toBe(true);
    expect(opened).toHaveLength(0);
  });

  it('is a prepare failure with no code when the request never got an answer', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(full()).rejects.toMatchObject({ failure: { kind: 'prepare', code: null } });
    expect(isRetryable({ kind: 'prepare', code: null })).toBe(true);
  });
});

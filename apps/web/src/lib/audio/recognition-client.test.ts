// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASR_BUFFER_CHUNKS } from '@kouyu/core';
import { RecognitionError, RecognitionSession } from './recognition-client';
import { dashScope, doubao } from './recognition-dialect';
import type { SocketLike } from './socket';

/** A socket the test drives: it records what the client sent and lets the test answer. */
class FakeSocket implements SocketLike {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  sent: (string | ArrayBufferLike | ArrayBufferView)[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string | ArrayBufferLike | ArrayBufferView) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  refuse() {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
  reply(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  json() {
    return this.sent.filter((s): s is string => typeof s === 'string').map((s): unknown => JSON.parse(s));
  }
  binary() {
    return this.sent.filter((s): s is Int16Array => s instanceof Int16Array);
  }
}

let sockets: FakeSocket[] = [];
const latest = () => {
  const s = sockets.at(-1);
  if (!s) throw new Error('no socket');
  return s;
};

function session(over: Partial<ConstructorParameters<typeof RecognitionSession>[0]> = {}) {
  return new RecognitionSession({
    dialect: doubao,
    url: 'ws://h/api/v1/asrd/ws',
    sampleRate: 16000,
    silenceMs: 600,
    timeLimitS: 10,
    timeoutMs: 15_000,
    token: null,
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    ...over,
  });
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('recognition session', () => {
  it('streams blocks after the start message and returns the final text', async () => {
    const partials: string[] = [];
    const s = session({ onPartial: (t) => partials.push(t) });
    s.push(new Int16Array(1600));
    const started = s.start();
    latest().open();
    await started;
    s.push(new Int16Array(1600).fill(5));
    latest().reply({ code: 1000, type: 'partial', result: [{ text: '我今天' }] });
    const done = s.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(latest().json()).toEqual([
      { type: 'start_asr', format: 'raw', language: 'zh-CN', sample_rate: 16000, time_limit: 10 },
      { type: 'stop_asr' },
    ]);
    // Two blocks, then 600 ms of trailing silence (9600 samples at 16 kHz).
    expect(
      latest()
        .binary()
        .map((b) => b.length),
    ).toEqual([1600, 1600, 9600]);
    latest().reply({ code: 1000, type: 'final', result: [{ text: '我今天很忙。' }] });
    await expect(done).resolves.toBe('我今天很忙。');
    expect(partials).toEqual(['我今天']);
  });

  it('keeps streaming past the buffer: dropping the oldest kept block never stops the new ones', async () => {
    const s = session();
    const started = s.start();
    latest().open();
    await started;
    const total = ASR_BUFFER_CHUNKS + 3;
    for (let i = 0; i < total; i++) s.push(new Int16Array(2).fill(i % 1000));
    const done = s.finish();
    await vi.advanceTimersByTimeAsync(0);
    // Every block and the trailing silence went out, in order.
    const sent = latest().binary();
    expect(sent.length).toBe(total + 1);
    expect(sent.at(-2)?.[0]).toBe((total - 1) % 1000);
    latest().reply({ code: 1000, type: 'final', result: [{ text: '好。' }] });
    await expect(done).resolves.toBe('好。');
  });

  it('retries the connection with delays of 1 s, 2 s and 4 s, then gives up', async () => {
    const s = session();
    const started = s.start().catch((e: unknown) => e);
    latest().refuse();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    latest().refuse();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sockets).toHaveLength(3);
    latest().refuse();
    await vi.advanceTimersByTimeAsync(4000);
    expect(sockets).toHaveLength(4);
    latest().refuse();
    const err = await started;
    expect(err).toBeInstanceOf(RecognitionError);
    expect(err instanceof RecognitionError && err.code).toBe('transcription_failed');
  });

  it('reports asr_unavailable at once and never retries it', async () => {
    const failures: string[] = [];
    const s = session({ dialect: dashScope, onFailure: (e) => failures.push(e.code) });
    const started = s.start();
    latest().open();
    await started;
    latest().reply({ code: 4503, header: { event: 'task-failed', error_code: 'asr_unavailable' } });
    expect(failures).toEqual(['asr_unavailable']);
    await expect(s.finish()).rejects.toMatchObject({ code: 'asr_unavailable' });
    expect(sockets).toHaveLength(1);
  });

  it('replays the utterance on a fresh socket when the final text times out', async () => {
    const s = session({ timeoutMs: 1000 });
    const started = s.start();
    latest().open();
    await started;
    s.push(new Int16Array(1600));
    const done = s.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    latest().open();
    await vi.advanceTimersByTimeAsync(0);
    // The new socket got the start, both blocks again and the finish.
    expect(
      latest()
        .json()
        .map((m) => (typeof m === 'object' && m && 'type' in m ? m.type : null)),
    ).toEqual(['start_asr', 'stop_asr']);
    expect(latest().binary()).toHaveLength(2);
    latest().reply({ code: 1000, type: 'final', result: [{ text: '好' }] });
    await expect(done).resolves.toBe('好');
  });

  it('after three resends without an answer, reconnects once after 2 s, and only then fails', async () => {
    const s = session({ timeoutMs: 1000 });
    const started = s.start();
    latest().open();
    await started;
    let settled = false;
    const done = s.finish().catch((e: unknown) => e);
    void done.then(() => (settled = true));
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      latest().open();
    }
    expect(sockets).toHaveLength(4);
    // The third resend times out: the full reconnect waits 2 s, and the answer is not failed yet.
    await vi.advanceTimersByTimeAsync(1000 + 1999);
    expect(sockets).toHaveLength(4);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(5);
    latest().open();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await done).toMatchObject({ code: 'transcription_failed' });
  });

  it('takes the final text the full reconnect brings', async () => {
    const s = session({ timeoutMs: 1000 });
    const started = s.start();
    latest().open();
    await started;
    s.push(new Int16Array(1600));
    const done = s.finish();
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      latest().open();
    }
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    latest().open();
    await vi.advanceTimersByTimeAsync(0);
    // The utterance is replayed whole on the reconnected socket.
    expect(latest().binary()).toHaveLength(2);
    latest().reply({ code: 1000, type: 'final', result: [{ text: '你好' }] });
    await expect(done).resolves.toBe('你好');
  });

  it('reconnects 2 s after a dropped socket and replays what was recorded', async () => {
    const s = session();
    const started = s.start();
    latest().open();
    await started;
    s.push(new Int16Array(1600));
    latest().drop();
    s.push(new Int16Array(1600));
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    latest().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(latest().binary()).toHaveLength(2);
  });

  it('takes "no audio" as an empty answer', async () => {
    const s = session();
    const started = s.start();
    latest().open();
    await started;
    const done = s.finish();
    latest().reply({
      code: 4400,
      type: 'error',
      error_code: 'no_audio_recorded',
      message: 'No audio data recorded',
    });
    await expect(done).resolves.toBe('');
  });

  it('renews a refused token once, reconnects with a fresh URL and replays the audio', async () => {
    let n = 0;
    const renewToken = vi.fn(() => Promise.resolve());
    const s = session({ url: () => Promise.resolve(`ws://h/api/v1/asrd/ws?token=t${++n}`), renewToken });
    const started = s.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().open();
    await started;
    s.push(new Int16Array(1600));
    latest().reply({ code: 4401, type: 'error', error_code: 'token_expired', message: 'expired' });
    await vi.advanceTimersByTimeAsync(0);
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(sockets.map((x) => x.url)).toEqual([
      'ws://h/api/v1/asrd/ws?token=t1',
      'ws://h/api/v1/asrd/ws?token=t2',
    ]);
    latest().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(latest().binary()).toHaveLength(1);
    const done = s.finish();
    await vi.advanceTimersByTimeAsync(0);
    latest().reply({ code: 1000, type: 'final', result: [{ text: '好' }], audio_id: 'rec_abcdef12' });
    await expect(done).resolves.toBe('好');
    expect(s.audioId).toBe('rec_abcdef12');
  });

  it('gives up at once on refusals no retry changes (sign-in needed, quota used up)', async () => {
    for (const code of ['login_required', 'speech_quota_reached'] as const) {
      const failures: string[] = [];
      const s = session({ onFailure: (e) => failures.push(e.code) });
      const started = s.start();
      latest().open();
      await started;
      const done = s.finish();
      latest().reply({ code: 4429, type: 'error', error_code: code, message: 'no' });
      await expect(done).rejects.toEqual(new RecognitionError(code));
      expect(failures).toEqual([code]);
    }
  });
});

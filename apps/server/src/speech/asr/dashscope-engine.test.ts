import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashScopeEngine } from './dashscope-engine.js';
import { startDashScopeStandIn } from './standins/dashscope-standin.js';
import type { DashScopeStandIn } from './standins/dashscope-standin.js';
import { tone } from './standins/tone.js';
import { AsrError, STREAM_OPTIONS } from './types.js';

const KEY = 'sk-standin-0123456789';

function heardHz(text: string): number {
  const match = /收到(\d+)个采样，(\d+)赫兹/.exec(text);
  return match ? Number(match[2]) : NaN;
}

async function rejection(promise: Promise<unknown>): Promise<AsrError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AsrError)) throw new Error(`expected an AsrError, got ${String(err)}`);
  return err;
}

describe('DashScope Paraformer engine against a protocol stand-in', () => {
  let standIn: DashScopeStandIn;
  const engine = (timeoutMs = 3000, apiKey = KEY) =>
    new DashScopeEngine({ url: standIn.url, apiKey, model: 'paraformer-realtime-v2', timeoutMs });

  beforeAll(async () => {
    standIn = await startDashScopeStandIn(KEY);
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('runs a task: auth header, run-task, 100 ms audio frames, finish-task; partials and the final text', async () => {
    standIn.behaviour = 'normal';
    const stream = engine().startStream(STREAM_OPTIONS);
    const partials: string[] = [];
    stream.onPartial((text) => partials.push(text));
    const pcm = tone(440, 2.05, 16000);
    // Odd chunk sizes: the engine must re-cut them into ~100 ms frames.
    for (let at = 0; at < pcm.length; at += 777) stream.write(pcm.subarray(at, at + 777));
    const text = await stream.finish();

    expect(text).toMatch(/^第1秒。第2秒。收到32800个采样，\d+赫兹。$/);
    expect(heardHz(text)).toBeGreaterThanOrEqual(438);
    expect(heardHz(text)).toBeLessThanOrEqual(442);

    const connection = standIn.connections.at(-1);
    expect(connection?.headers.authorization).toBe(`Bearer ${KEY}`);
    const received = connection?.received ?? [];
    expect(received[0]).toMatchObject({
      kind: 'text',
      json: {
        header: { action: 'run-task', streaming: 'duplex' },
        payload: {
          model: 'paraformer-realtime-v2',
          parameters: { format: 'pcm', sample_rate: 16000, language_hints: ['zh'] },
        },
      },
    });
    expect(received.at(-1)).toMatchObject({
      kind: 'text',
      json: { header: { action: 'finish-task' }, payload: { input: {} } },
    });
    const frames = received.slice(1, -1);
    expect(frames.every((f) => f.kind === 'binary')).toBe(true);
    const sizes = frames.map((f) => (f.kind === 'binary' ? f.bytes : 0));
    expect(sizes.slice(0, -1).every((s) => s === 3200)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(pcm.length * 2);

    // Partials carry the running text: sentences already ended, then the open one; heartbeats are skipped.
    expect(partials[0]).toBe('收到3200字节');
    expect(partials).toContain('第1秒。收到35200字节');
    expect(partials.every((p) => p.length > 0)).toBe(true);
  });

  it('fails with a clear auth error when the key is refused at the handshake (401)', async () => {
    const stream = engine(3000, 'wrong-key').startStream(STREAM_OPTIONS);
    stream.write(tone(440, 0.2, 16000));
    const err = await rejection(stream.finish());
    expect(err.kind).toBe('auth');
    expect(err.message).toBe('DashScope rejected the credentials: HTTP 401');
  });

  it('reports task-failed with the vendor code and message, once, to onError and finish', async () => {
    standIn.behaviour = 'fail-on-audio';
    const stream = engine().startStream(STREAM_OPTIONS);
    const errors: AsrError[] = [];
    stream.onError((e) => errors.push(e));
    stream.write(tone(440, 0.3, 16000));
    const err = await rejection(stream.finish());
    expect(err.message).toBe('DashScope task failed: ClientError: audio is not valid');
    expect(errors).toEqual([err]);
  });

  it('gives up within the timeout when the server never starts the task', async () => {
    standIn.behaviour = 'silent-start';
    const started = Date.now();
    const stream = engine(300).startStream(STREAM_OPTIONS);
    stream.write(tone(440, 0.2, 16000));
    const err = await rejection(stream.finish());
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('DashScope did not start the task within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up within the timeout when the server never finishes the task', async () => {
    standIn.behaviour = 'silent-finish';
    const stream = engine(300).startStream(STREAM_OPTIONS);
    stream.write(tone(440, 0.2, 16000));
    const started = Date.now();
    const err = await rejection(stream.finish());
    expect(err.message).toBe('DashScope did not finish the task within 300 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('transcribes a whole recording at another sample rate through a stream', async () => {
    standIn.behaviour = 'normal';
    const text = await engine().transcribe(tone(1000, 0.5, 48000), 48000);
    expect(text).toMatch(/^收到8000个采样，\d+赫兹。$/);
    expect(Math.abs(heardHz(text) - 1000)).toBeLessThanOrEqual(3);
  });

  it('names an unreachable server', async () => {
    const closed = new DashScopeEngine({
      url: 'ws://127.0.0.1:9/',
      apiKey: KEY,
      model: 'm',
      timeoutMs: 1000,
    });
    const err = await rejection(closed.transcribe(tone(440, 0.1, 16000), 16000));
    expect(err.kind).toBe('upstream');
    expect(err.message).toMatch(/^DashScope connection failed: .*ECONNREFUSED/);
  });
});

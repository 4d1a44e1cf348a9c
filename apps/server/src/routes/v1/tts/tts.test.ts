import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { adminHealth } from '../../../test/health.js';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { signUp } from '../../../test/accounts.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { bytesToPcm, pcmRms } from '../../../speech/audio/wav.js';

const eventSchema = z.object({
  success: z.literal(false).optional(),
  code: z.string().optional(),
  error: z.string().optional(),
  header: z.object({
    event: z.string(),
    task_id: z.string().nullable().optional(),
    error_code: z.string().optional(),
    error_message: z.string().optional(),
  }),
  payload: z
    .object({
      cache_hit: z.boolean(),
      hash: z.string().regex(/^[0-9a-f]{64}$/),
      m3u8_url: z.string(),
      mp3_url: z.string(),
      duration_ms: z.number().int(),
    })
    .optional(),
});
type Event = z.infer<typeof eventSchema>;
type Received = { kind: 'event'; event: Event } | { kind: 'pcm'; pcm: Int16Array };

/** Records everything a socket receives and lets a test wait for a condition on it. */
function record(ws: WebSocket) {
  const items: Received[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data, isBinary) => {
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    items.push(
      isBinary
        ? { kind: 'pcm', pcm: bytesToPcm(bytes) }
        : { kind: 'event', event: eventSchema.parse(JSON.parse(bytes.toString('utf8'))) },
    );
    for (const wake of waiters) wake();
  });
  const events = () => items.flatMap((i) => (i.kind === 'event' ? [i.event] : []));
  return {
    items,
    events,
    /** Resolves once `count` events named `name` have arrived. */
    until(name: string, count = 1): Promise<Event[]> {
      return new Promise((resolve) => {
        const check = () => {
          const found = events().filter((e) => e.header.event === name);
          if (found.length >= count) {
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}

const run = (taskId: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    header: { action: 'run-task', task_id: taskId },
    payload: { parameters: { sample_rate: 22050, format: 'pcm' } },
    ...extra,
  });
const say = (taskId: string, text: string) =>
  JSON.stringify({ header: { action: 'continue-task', task_id: taskId }, payload: { input: { text } } });
const finish = (taskId: string) => JSON.stringify({ header: { action: 'finish-task', task_id: taskId } });

describe(`speech synthesis socket and audio routes on ${testDriver}`, () => {
  let t: TestApp;
  let dataDir: string;
  let token = '';
  const sockets: WebSocket[] = [];
  const open = async () => {
    // injectWS builds its request without a socket address, which the IP-keyed rate limiter needs.
    const socket = Object.defineProperty(new Socket(), 'remoteAddress', { value: '127.0.0.1' });
    const ws = await t.app.injectWS(`/api/v1/tts/ws?token=${token}`, { socket });
    sockets.push(ws);
    return { ws, rec: record(ws) };
  };
  /** One whole task: run-task, the texts, finish-task; resolves with what came back. */
  const task = async (texts: string[], extra: Record<string, unknown> = {}) => {
    const { ws, rec } = await open();
    const id = randomUUID();
    ws.send(run(id, extra));
    for (const text of texts) ws.send(say(id, text));
    ws.send(finish(id));
    await Promise.race([rec.until('task-finished'), rec.until('task-failed')]);
    return rec;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-tts-route-'));
    t = await createTestApp({ DATA_DIR: dataDir, TTS_TEXTS_PER_MINUTE: '6' });
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports the engine in the health check', async () => {
    const health = await adminHealth(t.app);
    expect(health.engines['tts']).toMatchObject({ ready: true });
    expect(health.engines['tts']?.name).toMatch(/^espeak-ng/);
  });

  it('streams PCM, then result-generated with the cache URLs, then task-finished', async () => {
    const rec = await task(['我们明天一起去图书馆看书吧。'], { token: 'not-a-valid-token' });
    const kinds = rec.items.map((i) => (i.kind === 'pcm' ? 'pcm' : i.event.header.event));
    expect(kinds[0]).toBe('task-started');
    expect(kinds.at(-2)).toBe('result-generated');
    expect(kinds.at(-1)).toBe('task-finished');
    expect(kinds.slice(1, -2).every((k) => k === 'pcm')).toBe(true);
    const pcm = rec.items.flatMap((i) => (i.kind === 'pcm' ? Array.from(i.pcm) : []));
    const result = rec.events().find((e) => e.header.event === 'result-generated')?.payload;
    expect(result).toMatchObject({ cache_hit: false });
    expect(result?.m3u8_url).toBe(`/api/v1/audio/cache/${result?.hash}/index.m3u8`);
    // The streamed audio is exactly what was cached.
    expect(result?.duration_ms).toBe(Math.round((pcm.length * 1000) / TTS_SAMPLE_RATE));
    expect(pcm.length / TTS_SAMPLE_RATE).toBeGreaterThan(2);
    expect(pcmRms(Int16Array.from(pcm))).toBeGreaterThan(0.03);
  });

  it('answers a repeated text from the cache with no audio frames, and serves its files', async () => {
    const rec = await task(['你好，欢迎你！', '你好，欢迎你！']);
    const results = rec.events().filter((e) => e.header.event === 'result-generated');
    expect(results.map((r) => r.payload?.cache_hit)).toEqual([false, true]);
    const pcmAfterFirst = rec.items.slice(
      rec.items.findIndex((i) => i.kind === 'event' && i.event.header.event === 'result-generated') + 1,
    );
    expect(pcmAfterFirst.some((i) => i.kind === 'pcm')).toBe(false);
    const hit = results[1]?.payload;
    if (!hit) throw new Error('expected a cache hit');
    expect(hit.hash).toBe(results[0]?.payload?.hash);

    const playlist = await t.app.inject({ method: 'GET', url: hit.m3u8_url });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(playlist.body).toMatch(/^#EXTM3U\n/);
    const segment = await t.app.inject({
      method: 'GET',
      url: hit.m3u8_url.replace('index.m3u8', 'seg-0.mp3'),
    });
    expect(segment.headers['content-type']).toBe('audio/mpeg');
    expect(segment.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');

    const mp3 = await t.app.inject({ method: 'GET', url: hit.mp3_url });
    expect(mp3.statusCode).toBe(200);
    expect(mp3.headers['content-type']).toBe('audio/mpeg');
    expect(mp3.rawPayload[0]).toBe(0xff);
    const part = await t.app.inject({ method: 'GET', url: hit.mp3_url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${mp3.rawPayload.length}`);
    expect(part.rawPayload.equals(mp3.rawPayload.subarray(0, 100))).toBe(true);

    const wav = await t.app.inject({ method: 'GET', url: hit.mp3_url.replace('audio.mp3', 'audio.wav') });
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.rawPayload.readUInt32LE(24)).toBe(TTS_SAMPLE_RATE);
  });

  it('splits a long text into pieces yet answers with one result', async () => {
    const long =
      '我叫李明，今年二十岁，是北京大学的学生。我每天早上六点起床，先去操场跑步，然后吃早饭。上午我有三节课，下午常常去图书馆学习。晚上我喜欢和朋友一起聊天，有时候也看电影。周末我会回家看望父母，帮妈妈做饭，或者陪爸爸去公园散步。我觉得这样的生活很充实，也很快乐。';
    expect([...long].length).toBeGreaterThan(120);
    const rec = await task([long]);
    const results = rec.events().filter((e) => e.header.event === 'result-generated');
    expect(results).toHaveLength(1);
    const samples = rec.items.reduce((n, i) => n + (i.kind === 'pcm' ? i.pcm.length : 0), 0);
    expect(results[0]?.payload?.duration_ms).toBe(Math.round((samples * 1000) / TTS_SAMPLE_RATE));
    expect(samples / TTS_SAMPLE_RATE).toBeGreaterThan(15);
  });

  it('skips text that is empty after normalisation', async () => {
    const rec = await task([' \u0001\n ']);
    expect(rec.events().map((e) => e.header.event)).toEqual(['task-started', 'task-finished']);
  });

  it('fails a task with a bad message', async () => {
    const { ws, rec } = await open();
    ws.send('not json');
    const [notJson] = await rec.until('task-failed');
    expect(notJson).toMatchObject({
      success: false,
      code: 'validation_failed',
      header: { event: 'task-failed', error_code: 'validation_failed' },
    });
    expect(notJson?.error).toBe(notJson?.header.error_message);

    ws.send(say(randomUUID(), '你好'));
    const failures = await rec.until('task-failed', 2);
    expect(failures[1]?.header.error_message).toMatch(/run-task first/);

    ws.send(Buffer.from([1, 2, 3]));
    await rec.until('task-failed', 3);

    ws.send(run(randomUUID(), { payload: { parameters: { sample_rate: 16000, format: 'pcm' } } }));
    const wrongRate = await rec.until('task-failed', 4);
    expect(wrongRate[3]?.header.error_message).toMatch(/22050/);
  });

  it('fails a message naming another task without ending the running one', async () => {
    const { ws, rec } = await open();
    const id = randomUUID();
    ws.send(run(id));
    ws.send(say(randomUUID(), '你好，欢迎你！'));
    ws.send(say(id, '你好，欢迎你！'));
    ws.send(finish(id));
    await rec.until('task-finished');
    expect(rec.events().map((e) => e.header.event)).toEqual([
      'task-started',
      'task-failed',
      'result-generated',
      'task-finished',
    ]);
  });

  it('refuses more than 2000 characters in one task', async () => {
    const rec = await task(['好'.repeat(2001)]);
    const failed = rec.events().find((e) => e.header.event === 'task-failed');
    expect(failed?.header.error_code).toBe('tts_text_too_long');
    expect(failed?.error).toMatch(/2000/);
  });

  it('limits the texts per minute on one connection', async () => {
    const rec = await task(Array.from({ length: 7 }, () => '你好，欢迎你！'));
    const events = rec.events();
    expect(events.filter((e) => e.header.event === 'result-generated')).toHaveLength(6);
    expect(events.at(-1)).toMatchObject({ header: { event: 'task-failed', error_code: 'rate_limited' } });
    expect(events.at(-1)?.error).toMatch(/6 texts per minute/);
  });

  it('converts cached audio to MP3 as the last fallback, with 404 for an unknown hash', async () => {
    const rec = await task(['转换一下']);
    const hash = rec.events().find((e) => e.header.event === 'result-generated')?.payload?.hash ?? '';
    rmSync(path.join(dataDir, 'audio', hash, 'audio.mp3'));
    const converted = await t.app.inject({ method: 'GET', url: `/api/v1/audio/convert/${hash}` });
    expect(converted.statusCode).toBe(200);
    expect(converted.headers['content-type']).toBe('audio/mpeg');
    expect(converted.rawPayload[0]).toBe(0xff);
    expect(converted.rawPayload.length).toBeGreaterThan(1000);

    const unknown = await t.app.inject({ method: 'GET', url: `/api/v1/audio/convert/${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'not_found' });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/audio/convert/not-a-hash' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 'validation_failed' });
    const badFile = await t.app.inject({ method: 'GET', url: `/api/v1/audio/cache/${hash}/secret.txt` });
    expect(badFile.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/cache/${'1'.repeat(64)}/audio.mp3`,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('speak a short text', () => {
  it('synthesises once, then answers from the cache, as a redirect to the MP3 or as JSON', async () => {
    const t = await createTestApp({ DATA_DIR: `/tmp/kouyu-speak-${process.pid}-${Date.now()}` });
    try {
      // Text that is not our own content needs sign-in; the audio element sends the token in the URL.
      const { token } = await signUp(t.app);
      const first = await t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/speak?text=${encodeURIComponent('银行')}&format=json&token=${token}`,
      });
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.mp3_url).toMatch(/^\/api\/v1\/audio\/cache\/[0-9a-f]{64}\/audio\.mp3$/);
      const redirect = await t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/speak?text=${encodeURIComponent('银行')}&token=${token}`,
      });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe(body.mp3_url);
      const mp3 = await t.app.inject({ method: 'GET', url: body.mp3_url });
      expect(mp3.headers['content-type']).toBe('audio/mpeg');
      expect(mp3.rawPayload.length).toBeGreaterThan(1000);
      const empty = await t.app.inject({ method: 'GET', url: '/api/v1/audio/speak?text=' });
      expect(empty.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});

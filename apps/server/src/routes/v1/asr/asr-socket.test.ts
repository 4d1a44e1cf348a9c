import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHealth } from '../../../test/health.js';
import type WebSocket from 'ws';
import { int16ToBytes } from '../../../speech/asr/audio.js';
import { startDashScopeStandIn } from '../../../speech/asr/standins/dashscope-standin.js';
import type { DashScopeStandIn } from '../../../speech/asr/standins/dashscope-standin.js';
import { SocketReader } from '../../../speech/asr/standins/socket-reader.js';
import { tone } from '../../../speech/asr/standins/tone.js';
import { signUp } from '../../../test/accounts.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';

const KEY = 'sk-route-standin';
const runTask = (
  taskId: string,
  parameters: Record<string, unknown> = { sample_rate: 16000, format: 'pcm' },
) =>
  JSON.stringify({
    header: { action: 'run-task', task_id: taskId },
    payload: { parameters },
    token: 'not-checked-yet',
  });
const finishTask = (taskId: string) => JSON.stringify({ header: { action: 'finish-task', task_id: taskId } });

/** Sends PCM as the browser does: 100 ms binary frames. */
function sendPcm(ws: WebSocket, pcm: Int16Array, frameSamples = 1600): void {
  for (let at = 0; at < pcm.length; at += frameSamples)
    ws.send(int16ToBytes(pcm.subarray(at, at + frameSamples)));
}

const isEvent = (name: string) => (m: unknown) =>
  typeof m === 'object' &&
  m !== null &&
  'header' in m &&
  typeof m.header === 'object' &&
  m.header !== null &&
  'event' in m.header &&
  m.header.event === name;

describe(`/api/v1/asr/ws (DashScope-style) on ${testDriver}`, () => {
  let standIn: DashScopeStandIn;
  let t: TestApp;
  let address = 0;
  let token = '';
  /**
   * Opens the socket from its own client address: injectWS's in-memory sockets never report the
   * close to the server, so a slot of the per-address cap stays taken until the app closes.
   */
  const open = async (ip = `10.0.0.${++address}`) => {
    const socket = Object.defineProperty(new Socket(), 'remoteAddress', { value: ip });
    const attached: { reader?: SocketReader } = {};
    // The reader attaches before the upgrade completes, so no early message is missed.
    const ws = await t.app.injectWS(
      `/api/v1/asr/ws?token=${token}`,
      { socket },
      { onInit: (client) => (attached.reader = new SocketReader(client)) },
    );
    if (!attached.reader) throw new Error('socket not initialised');
    return { ws, reader: attached.reader };
  };
  /** Closes from the client side and waits until the server has let go of the socket. */
  const close = async (c: { ws: WebSocket; reader: SocketReader }) => {
    c.ws.close();
    await c.reader.closed;
  };

  beforeAll(async () => {
    standIn = await startDashScopeStandIn(KEY);
    t = await createTestApp({
      ASR_ENGINE: 'dashscope',
      DASHSCOPE_API_KEY: KEY,
      DASHSCOPE_WS_URL: standIn.url,
      ASR_MAX_AUDIO_S: '3',
      ASR_IDLE_TIMEOUT_MS: '600',
      ASR_MAX_SOCKETS_PER_IP: '2',
    });
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('streams PCM to the engine and answers task-started, partial results and the final result', async () => {
    standIn.behaviour = 'normal';
    const { ws, reader } = await open();
    ws.send(runTask('task-1'));
    expect(await reader.next()).toEqual({ header: { event: 'task-started', task_id: 'task-1' } });
    sendPcm(ws, tone(440, 1.5, 16000));
    ws.send(finishTask('task-1'));
    const messages = await reader.until(isEvent('task-finished'));
    const final = messages.at(-1);
    expect(final).toMatchObject({
      code: 1000,
      header: { event: 'task-finished', task_id: 'task-1' },
      result: [{ is_final: true }],
    });
    expect(JSON.stringify(final)).toMatch(/"text":"第1秒。收到24000个采样，(439|440|441)赫兹。"/);
    // The task's audio is kept for the voice analysis, under an id the feedback can name.
    expect(final).toMatchObject({ audio_id: expect.stringMatching(/^[\w-]{20,}$/) });
    const partials = messages.slice(0, -1);
    expect(partials.length).toBeGreaterThan(0);
    expect(partials[0]).toEqual({
      code: 1000,
      header: { event: 'result-generated', task_id: 'task-1' },
      result: [{ text: '收到3200字节', is_final: false }],
    });
    await close({ ws, reader });
  });

  it('runs several tasks on one socket, keeps a byte split across frames, and resamples 8 kHz input', async () => {
    standIn.behaviour = 'normal';
    const { ws, reader } = await open();
    ws.send(runTask('a'));
    expect(await reader.next()).toMatchObject({ header: { event: 'task-started' } });
    const bytes = int16ToBytes(tone(440, 0.5, 16000));
    ws.send(bytes.subarray(0, 3201));
    ws.send(bytes.subarray(3201));
    ws.send(finishTask('a'));
    const first = (await reader.until(isEvent('task-finished'))).at(-1);
    expect(JSON.stringify(first)).toContain('收到8000个采样');

    ws.send(runTask('b', { sample_rate: 8000, format: 'pcm' }));
    expect(await reader.next()).toMatchObject({ header: { event: 'task-started', task_id: 'b' } });
    sendPcm(ws, tone(500, 0.5, 8000), 800);
    ws.send(finishTask('b'));
    const second = (await reader.until(isEvent('task-finished'))).at(-1);
    expect(JSON.stringify(second)).toMatch(/收到8000个采样，(499|500|501)赫兹/);
    await close({ ws, reader });
  });

  it('stops taking audio at ASR_MAX_AUDIO_S and sends the final result by itself', async () => {
    standIn.behaviour = 'normal';
    const { ws, reader } = await open();
    ws.send(runTask('long'));
    expect(await reader.next()).toMatchObject({ header: { event: 'task-started' } });
    sendPcm(ws, tone(440, 4, 16000));
    const final = (await reader.until(isEvent('task-finished'))).at(-1);
    expect(JSON.stringify(final)).toContain('第3秒。收到48000个采样');
    await close({ ws, reader });
  });

  it('reports an engine failure as task-failed 4502 and closes', async () => {
    standIn.behaviour = 'fail-on-audio';
    const { ws, reader } = await open();
    ws.send(runTask('f'));
    expect(await reader.next()).toMatchObject({ header: { event: 'task-started' } });
    sendPcm(ws, tone(440, 0.3, 16000));
    expect(await reader.until(isEvent('task-failed'))).toContainEqual({
      code: 4502,
      header: {
        event: 'task-failed',
        task_id: 'f',
        error_code: 'transcription_failed',
        error_message: 'Transcription failed',
      },
    });
    expect((await reader.closed).code).toBe(4502);
  });

  it('refuses bad messages, unsupported formats and frames over the size limit', async () => {
    const bad = await open();
    bad.ws.send('{"header":{"action":"dance"}}');
    expect(await bad.reader.next()).toMatchObject({
      code: 4400,
      header: { event: 'task-failed', error_code: 'asr_bad_message' },
    });
    expect((await bad.reader.closed).code).toBe(4400);

    const format = await open();
    format.ws.send(runTask('x', { sample_rate: 16000, format: 'opus' }));
    expect(await format.reader.next()).toMatchObject({
      code: 4415,
      header: { error_code: 'unsupported_media_type' },
    });
    await format.reader.closed;

    const big = await open();
    big.ws.send(runTask('big'));
    expect(await big.reader.next()).toMatchObject({ header: { event: 'task-started' } });
    big.ws.send(Buffer.alloc(64 * 1024 + 2));
    expect(await big.reader.next()).toMatchObject({
      code: 4413,
      header: { event: 'task-failed', task_id: 'big', error_code: 'payload_too_large' },
    });
    expect((await big.reader.closed).code).toBe(4413);
  });

  it('closes a socket that stays idle past ASR_IDLE_TIMEOUT_MS', async () => {
    const { ws, reader } = await open();
    ws.send(runTask('idle'));
    expect(await reader.next()).toMatchObject({ header: { event: 'task-started' } });
    const started = Date.now();
    expect(await reader.next()).toMatchObject({ code: 4408, header: { error_code: 'asr_idle_timeout' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect((await reader.closed).code).toBe(4408);

    // Between tasks the socket is closed without an error message.
    const between = await open();
    between.ws.send(runTask('short'));
    expect(await between.reader.next()).toMatchObject({ header: { event: 'task-started' } });
    between.ws.send(finishTask('short'));
    expect(await between.reader.next()).toMatchObject({
      header: { event: 'task-finished' },
      result: [{ text: '' }],
    });
    expect(await between.reader.closed).toEqual({ code: 4408, reason: 'idle' });
    expect(between.reader.unread).toBe(0);
  });

  it('caps the sockets one address holds', async () => {
    const first = await open('10.1.0.1');
    const second = await open('10.1.0.1');
    const third = await open('10.1.0.1');
    expect(await third.reader.next()).toMatchObject({
      code: 4429,
      header: { event: 'task-failed', error_code: 'rate_limited' },
    });
    expect((await third.reader.closed).code).toBe(4429);
    // The held sockets still work (used before ASR_IDLE_TIMEOUT_MS closes them, however slow the checks).
    for (const c of [first, second]) {
      c.ws.send(runTask('held'));
      expect(await c.reader.next()).toMatchObject({ header: { event: 'task-started' } });
    }
    const elsewhere = await open('10.1.0.2');
    elsewhere.ws.send(runTask('other'));
    expect(await elsewhere.reader.next()).toMatchObject({ header: { event: 'task-started' } });
  });

  it('tells the health report which engine recognises speech', async () => {
    expect(await adminHealth(t.app)).toMatchObject({ engines: { asr: { name: 'dashscope', ready: true } } });
    // The public learns only that speech can be recognised.
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.json()).toEqual({ status: 'ok', recognition: 'ready' });
  });
});

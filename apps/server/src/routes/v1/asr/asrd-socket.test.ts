import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { int16ToBytes } from '../../../speech/asr/audio.js';
import { startDoubaoStandIn } from '../../../speech/asr/standins/doubao-standin.js';
import type { DoubaoStandIn } from '../../../speech/asr/standins/doubao-standin.js';
import { SocketReader } from '../../../speech/asr/standins/socket-reader.js';
import { tone } from '../../../speech/asr/standins/tone.js';
import { signUp } from '../../../test/accounts.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';

const APP = 'doubao-app';
const ACCESS = 'doubao-access';
const RESOURCE = 'volc.bigasr.sauc.duration';
const start = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'start_asr', format: 'raw', language: 'zh-CN', time_limit: 10, ...extra });
const stop = JSON.stringify({ type: 'stop_asr' });

function sendPcm(ws: WebSocket, pcm: Int16Array): void {
  for (let at = 0; at < pcm.length; at += 1600) ws.send(int16ToBytes(pcm.subarray(at, at + 1600)));
}

const ofType = (type: string) => (m: unknown) =>
  typeof m === 'object' && m !== null && 'type' in m && m.type === type;

describe(`/api/v1/asrd/ws (Doubao-style) on ${testDriver}`, () => {
  let standIn: DoubaoStandIn;
  let t: TestApp;
  let address = 0;
  let token = '';
  // Each test speaks from its own address: injectWS never tells the server a client closed.
  const open = async () => {
    const socket = Object.defineProperty(new Socket(), 'remoteAddress', { value: `10.2.0.${++address}` });
    const attached: { reader?: SocketReader } = {};
    const ws = await t.app.injectWS(
      `/api/v1/asrd/ws?token=${token}`,
      { socket },
      { onInit: (client) => (attached.reader = new SocketReader(client)) },
    );
    if (!attached.reader) throw new Error('socket not initialised');
    return { ws, reader: attached.reader };
  };

  beforeAll(async () => {
    standIn = await startDoubaoStandIn(APP, ACCESS, RESOURCE);
    t = await createTestApp({
      ASR_ENGINE: 'doubao',
      DOUBAO_APP_KEY: APP,
      DOUBAO_ACCESS_KEY: ACCESS,
      DOUBAO_WS_URL: standIn.url,
      // Long enough for a loaded machine to finish a normal utterance, short enough to see a silent one time out.
      ASR_TIMEOUT_MS: '3000',
    });
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('streams PCM to the engine and answers partial and final results', async () => {
    standIn.behaviour = 'normal';
    const { ws, reader } = await open();
    ws.send(start({ token: 'ignored-for-now' }));
    sendPcm(ws, tone(440, 1, 16000));
    ws.send(stop);
    const messages = await reader.until(ofType('final'));
    expect(messages.at(-1)).toEqual({
      code: 1000,
      type: 'final',
      result: [{ text: expect.stringMatching(/^收到16000个采样，(439|440|441)赫兹$/) }],
      audio_id: expect.stringMatching(/^[\w-]{20,}$/),
    });
    expect(messages[0]).toEqual({ code: 1000, type: 'partial', result: [{ text: '收到6400字节' }] });
    // The engine spoke the vendor protocol on the way: request, then numbered audio packets.
    const frames = standIn.connections.at(-1)?.frames ?? [];
    expect(frames.map((f) => f.sequence)).toEqual([1, 2, 3, 4, 5, 6, -7]);
    ws.close();
    await reader.closed;
  });

  it('enforces time_limit: audio beyond it is ignored and the final result is sent', async () => {
    standIn.behaviour = 'normal';
    const { ws, reader } = await open();
    ws.send(start({ time_limit: 2 }));
    sendPcm(ws, tone(440, 3, 16000));
    const final = (await reader.until(ofType('final'))).at(-1);
    expect(JSON.stringify(final)).toContain('收到32000个采样');
    // The tail the client keeps sending, and its late stop, are dropped without an error.
    sendPcm(ws, tone(440, 0.2, 16000));
    ws.send(stop);
    ws.send(start({ time_limit: 1 }));
    sendPcm(ws, tone(440, 0.5, 16000));
    ws.send(stop);
    expect(JSON.stringify((await reader.until(ofType('final'))).at(-1))).toContain('收到8000个采样');
    ws.close();
    await reader.closed;
  });

  it('answers an empty utterance with an empty final text without calling the engine', async () => {
    const before = standIn.connections.length;
    const { ws, reader } = await open();
    ws.send(start());
    ws.send(stop);
    expect(await reader.next()).toEqual({ code: 1000, type: 'final', result: [{ text: '' }] });
    expect(standIn.connections.length).toBe(before);
    ws.close();
    await reader.closed;
  });

  it('reports vendor errors and timeouts as error messages and closes', async () => {
    standIn.behaviour = { errorOnAudio: 45000151 };
    const failed = await open();
    failed.ws.send(start());
    sendPcm(failed.ws, tone(440, 0.5, 16000));
    expect(await failed.reader.until(ofType('error'))).toContainEqual({
      code: 4502,
      type: 'error',
      error_code: 'transcription_failed',
      message: 'Transcription failed',
    });
    expect((await failed.reader.closed).code).toBe(4502);

    standIn.behaviour = 'silent-final';
    const silent = await open();
    silent.ws.send(start());
    sendPcm(silent.ws, tone(440, 0.5, 16000));
    silent.ws.send(stop);
    const started = Date.now();
    expect((await silent.reader.until(ofType('error'))).at(-1)).toMatchObject({
      code: 4502,
      error_code: 'transcription_failed',
    });
    // The engine's timeout answered, not the test's own.
    expect(Date.now() - started).toBeLessThan(12_000);
  });

  it('refuses bad messages and formats', async () => {
    const bad = await open();
    bad.ws.send('not json');
    expect(await bad.reader.next()).toEqual({
      code: 4400,
      type: 'error',
      error_code: 'asr_bad_message',
      message: 'The recognition message is not valid',
    });
    const format = await open();
    format.ws.send(start({ format: 'mp3' }));
    expect(await format.reader.next()).toMatchObject({
      code: 4415,
      type: 'error',
      error_code: 'unsupported_media_type',
    });
  });
});

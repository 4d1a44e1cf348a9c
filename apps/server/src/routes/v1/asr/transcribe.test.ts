import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordToneInChromium } from '../../../speech/asr/standins/browser-recording.js';
import { startOpenAiStandIn } from '../../../speech/asr/standins/openai-standin.js';
import type { OpenAiStandIn } from '../../../speech/asr/standins/openai-standin.js';
import { tone } from '../../../speech/asr/standins/tone.js';
import { encodeWav } from '../../../speech/asr/wav.js';
import { signUp } from '../../../test/accounts.js';
import { seedHskk } from '../../../test/speaking.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';

const LIMIT = 200_000;

/** A real multipart body, encoded by the platform's FormData, for `inject`. */
async function multipart(
  file: { bytes: Uint8Array; type: string; name: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('audio', new Blob([file.bytes], { type: file.type }), file.name);
  const req = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

describe(`POST /api/v1/audio/transcribe on ${testDriver}`, () => {
  let standIn: OpenAiStandIn;
  let t: TestApp;
  let webm: Buffer;
  let auth: Record<string, string> = {};
  const post = async (
    file: Parameters<typeof multipart>[0],
    fields?: Record<string, string>,
    headers: Record<string, string> = {},
  ) => {
    const body = await multipart(file, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/transcribe',
      payload: body.payload,
      headers: { ...body.headers, ...auth, ...headers },
    });
  };

  beforeAll(async () => {
    webm = await recordToneInChromium(440, 1.2);
    standIn = await startOpenAiStandIn(null);
    t = await createTestApp({
      ASR_ENGINE: 'openai',
      OPENAI_ASR_BASE_URL: standIn.baseUrl,
      UPLOAD_LIMIT_BYTES: String(LIMIT),
      ASR_MAX_AUDIO_S: '5',
      GUEST_AUDIO_PER_ADDRESS_HOUR: '2',
      GUEST_AUDIO_PER_HOUR: '3',
    });
    await seedHskk(t.app);
    auth = (await signUp(t.app)).auth;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('transcribes a browser WebM/Opus recording decoded on the server', async () => {
    standIn.behaviour = 'normal';
    const res = await post(
      { bytes: webm, type: 'audio/webm;codecs=opus', name: 'recording.webm' },
      { record_context: '{"question_id":1}', recordContext: 'part1', extra: 'x' },
      auth,
    );
    expect(res.statusCode).toBe(200);
    const body: unknown = res.json();
    expect(body).toEqual({
      success: true,
      transcription_text: expect.stringMatching(/^收到\d+个采样，(43[7-9]|44[0-3])赫兹$/),
      audio_id: expect.stringMatching(/^[\w-]{8,}$/),
    });
    const samples = Number(/收到(\d+)/.exec(JSON.stringify(body))?.[1]);
    expect(samples / 16000).toBeGreaterThan(0.9);
    expect(samples / 16000).toBeLessThan(1.5);
    // What reached the engine was 16 kHz WAV.
    expect(standIn.requests.at(-1)?.file).toMatchObject({ type: 'audio/wav', bytes: 44 + samples * 2 });
  });

  it('transcribes a WAV upload at any sample rate', async () => {
    standIn.behaviour = 'normal';
    const res = await post({
      bytes: encodeWav(tone(300, 0.5, 22050), 22050),
      type: 'audio/wav',
      name: 'answer.wav',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      transcription_text: expect.stringMatching(/^收到8000个采样，(299|300|301)赫兹$/),
      audio_id: expect.stringMatching(/^[\w-]{8,}$/),
    });
  });

  it('answers "No audio data recorded" for an empty file, no file, or a recording without frames', async () => {
    const noAudio = {
      success: false,
      code: 'no_audio_recorded',
      message: 'No audio data recorded',
      error: 'No audio data recorded',
    };
    const empty = await post({ bytes: new Uint8Array(0), type: 'audio/webm', name: 'a.webm' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(noAudio);
    const none = await post(null, { record_context: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(noAudio);
    // The header a recorder writes before its first cluster: a valid WebM holding no audio.
    const headerOnly = webm.subarray(0, webm.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75])));
    const frameless = await post({ bytes: headerOnly, type: 'audio/webm', name: 'a.webm' });
    expect(frameless.statusCode).toBe(400);
    expect(frameless.json()).toEqual(noAudio);
  });

  it('refuses other types with 415 in the error envelope', async () => {
    const unsupported = {
      success: false,
      code: 'unsupported_media_type',
      error: 'This file type is not supported',
    };
    const png = await post({ bytes: Buffer.from('\x89PNG\r\n\x1a\n0000'), type: 'image/png', name: 'a.png' });
    expect(png.statusCode).toBe(415);
    expect(png.json()).toMatchObject(unsupported);
    const disguised = await post({
      bytes: Buffer.from('this is not audio at all'),
      type: 'audio/webm',
      name: 'a.webm',
    });
    expect(disguised.statusCode).toBe(415);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/transcribe',
      payload: { audio: 'base64...' },
      headers: auth,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject(unsupported);
  });

  it('refuses a file over UPLOAD_LIMIT_BYTES with 413 in the error envelope', async () => {
    const res = await post({
      bytes: encodeWav(tone(440, 7, 16000), 16000),
      type: 'audio/wav',
      name: 'long.wav',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      code: 'payload_too_large',
      message: 'The request is too large',
      error: 'The request is too large',
      // The one upload reader names the limit on every upload route.
      details: { max_bytes: LIMIT },
    });
  });

  it('refuses a recording longer than ASR_MAX_AUDIO_S with 413, even when the file is small', async () => {
    standIn.behaviour = 'normal';
    const before = standIn.requests.length;
    const res = await post({
      bytes: encodeWav(tone(440, 5.5, 8000), 8000),
      type: 'audio/wav',
      name: 'long.wav',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'payload_too_large' });
    expect(standIn.requests.length).toBe(before);
  });

  it('answers "Transcription failed" (502) when the engine fails', async () => {
    standIn.behaviour = 'server-error';
    const res = await post({
      bytes: encodeWav(tone(440, 0.3, 16000), 16000),
      type: 'audio/wav',
      name: 'a.wav',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      success: false,
      code: 'transcription_failed',
      message: 'Transcription failed',
      error: 'Transcription failed',
    });
  });

  it('keeps guests’ recordings within a quota per address and for all guests, still transcribing past it', async () => {
    standIn.behaviour = 'normal';
    const wav = encodeWav(tone(440, 0.5, 16000), 16000);
    const guest = async (address: string) => {
      const body = await multipart({ bytes: wav, type: 'audio/wav', name: 'a.wav' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/audio/transcribe?question_id=101101',
        payload: body.payload,
        headers: body.headers,
        remoteAddress: address,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ audio_id?: string }>().audio_id ?? null;
    };
    const kept = (ids: (string | null)[]) => ids.filter((id) => id !== null).length;
    // Two an hour from one address; the third is heard but not kept.
    expect(kept([await guest('10.9.0.1'), await guest('10.9.0.1'), await guest('10.9.0.1')])).toBe(2);
    // Three an hour for all guests: one more address gets one, the next none.
    expect(kept([await guest('10.9.0.2'), await guest('10.9.0.3')])).toBe(1);
    // A signed-in learner is not a guest: their recordings are kept.
    const mine = await post({ bytes: wav, type: 'audio/wav', name: 'a.wav' });
    expect(mine.json()).toHaveProperty('audio_id');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiAsrEngine } from './openai-engine.js';
import { startOpenAiStandIn } from './standins/openai-standin.js';
import type { OpenAiStandIn } from './standins/openai-standin.js';
import { tone } from './standins/tone.js';
import { AsrError, STREAM_OPTIONS } from './types.js';

const KEY = 'sk-local-whisper';

async function rejection(promise: Promise<unknown>): Promise<AsrError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AsrError)) throw new Error(`expected an AsrError, got ${String(err)}`);
  return err;
}

describe('OpenAI-compatible transcription engine against a local stand-in', () => {
  let standIn: OpenAiStandIn;
  const engine = (apiKey: string | undefined = KEY, timeoutMs = 3000) =>
    new OpenAiAsrEngine({ baseUrl: `${standIn.baseUrl}/`, apiKey, model: 'whisper-1', timeoutMs });

  beforeAll(async () => {
    standIn = await startOpenAiStandIn(KEY);
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('posts a multipart WAV with model and language=zh and a Bearer key; returns the text', async () => {
    standIn.behaviour = 'normal';
    const text = await engine().transcribe(tone(660, 0.75, 16000), 16000);
    const match = /^收到12000个采样，(\d+)赫兹$/.exec(text);
    expect(Math.abs(Number(match?.[1]) - 660)).toBeLessThanOrEqual(2);
    const request = standIn.requests.at(-1);
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.fields).toEqual({ model: 'whisper-1', language: 'zh', response_format: 'json' });
    expect(request?.file).toEqual({ name: 'audio.wav', type: 'audio/wav', bytes: 44 + 12000 * 2 });
  });

  it('streams by buffering: no partials, one request on finish, audio resampled to 16 kHz', async () => {
    standIn.behaviour = 'normal';
    const before = standIn.requests.length;
    const stream = engine().startStream(STREAM_OPTIONS);
    const partials: string[] = [];
    stream.onPartial((t) => partials.push(t));
    for (let i = 0; i < 5; i++) stream.write(tone(440, 0.1, 16000));
    expect(standIn.requests.length).toBe(before);
    expect(await stream.finish()).toMatch(/^收到8000个采样，/);
    expect(standIn.requests.length).toBe(before + 1);
    expect(partials).toEqual([]);
    expect(await engine().transcribe(tone(440, 0.5, 44100), 44100)).toMatch(/^收到8000个采样，/);
  });

  it('names a refused key, a server error and a timeout', async () => {
    standIn.behaviour = 'normal';
    const auth = await rejection(engine('wrong').transcribe(tone(440, 0.1, 16000), 16000));
    expect(auth).toMatchObject({
      kind: 'auth',
      message: 'transcription server rejected the API key: HTTP 401',
    });

    standIn.behaviour = 'server-error';
    const failed = await rejection(engine().transcribe(tone(440, 0.1, 16000), 16000));
    expect(failed.kind).toBe('upstream');
    expect(failed.message).toMatch(/^transcription server answered HTTP 500: .*stand-in failure/);

    standIn.behaviour = 'silent';
    const started = Date.now();
    const slow = await rejection(engine(KEY, 300).transcribe(tone(440, 0.1, 16000), 16000));
    expect(slow).toMatchObject({
      kind: 'timeout',
      message: 'transcription server did not answer within 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sends no Authorization header when no key is configured', async () => {
    const open = await startOpenAiStandIn(null);
    try {
      const text = await new OpenAiAsrEngine({
        baseUrl: open.baseUrl,
        model: 'small',
        timeoutMs: 3000,
      }).transcribe(tone(440, 0.2, 16000), 16000);
      expect(text).toMatch(/^收到3200个采样/);
      expect(open.requests[0]?.authorization).toBeUndefined();
      expect(open.requests[0]?.fields['model']).toBe('small');
    } finally {
      await open.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DoubaoEngine } from './doubao-engine.js';
import { Compression, Flags, MessageType, Serialization } from './doubao-frames.js';
import { startDoubaoStandIn } from './standins/doubao-standin.js';
import type { DoubaoStandIn } from './standins/doubao-standin.js';
import { tone } from './standins/tone.js';
import { AsrError, STREAM_OPTIONS } from './types.js';

const APP = 'app-123';
const ACCESS = 'access-456';
const RESOURCE = 'volc.bigasr.sauc.duration';

async function rejection(promise: Promise<unknown>): Promise<AsrError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AsrError)) throw new Error(`expected an AsrError, got ${String(err)}`);
  return err;
}

describe('Doubao big-model streaming engine against a protocol stand-in', () => {
  let standIn: DoubaoStandIn;
  const engine = (timeoutMs = 3000, accessKey = ACCESS) =>
    new DoubaoEngine({ url: standIn.url, appKey: APP, accessKey, resourceId: RESOURCE, timeoutMs });

  beforeAll(async () => {
    standIn = await startDoubaoStandIn(APP, ACCESS, RESOURCE);
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('sends the headers, a gzip JSON request and gzip audio with sequence numbers; returns partials and the final text', async () => {
    standIn.behaviour = 'normal';
    const stream = engine().startStream(STREAM_OPTIONS);
    const partials: string[] = [];
    stream.onPartial((text) => partials.push(text));
    const pcm = tone(523, 1.1, 16000);
    for (let at = 0; at < pcm.length; at += 1000) stream.write(pcm.subarray(at, at + 1000));
    const text = await stream.finish();

    const match = /^收到17600个采样，(\d+)赫兹$/.exec(text);
    expect(match).not.toBeNull();
    expect(Math.abs(Number(match?.[1]) - 523)).toBeLessThanOrEqual(2);

    const connection = standIn.connections.at(-1);
    expect(connection?.headers['x-api-app-key']).toBe(APP);
    expect(connection?.headers['x-api-access-key']).toBe(ACCESS);
    expect(connection?.headers['x-api-resource-id']).toBe(RESOURCE);
    expect(connection?.headers['x-api-connect-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(connection?.request).toMatchObject({
      audio: { format: 'pcm', codec: 'raw', rate: 16000, bits: 16, channel: 1 },
      request: { model_name: 'bigmodel' },
    });

    const frames = connection?.frames ?? [];
    expect(frames[0]).toEqual({
      type: MessageType.fullClientRequest,
      flags: Flags.positiveSequence,
      serialization: Serialization.json,
      compression: Compression.gzip,
      sequence: 1,
      bytes: expect.any(Number),
    });
    const audio = frames.slice(1);
    expect(audio.map((f) => f.sequence)).toEqual([2, 3, 4, 5, 6, -7]);
    expect(audio.every((f) => f.type === MessageType.audioOnly && f.compression === Compression.gzip)).toBe(
      true,
    );
    expect(audio.slice(0, -1).every((f) => f.flags === Flags.positiveSequence && f.bytes === 6400)).toBe(
      true,
    );
    expect(audio.at(-1)).toMatchObject({ flags: Flags.lastNegativeSequence, bytes: 35200 - 5 * 6400 });
    expect(partials).toEqual([
      '收到6400字节',
      '收到12800字节',
      '收到19200字节',
      '收到25600字节',
      '收到32000字节',
    ]);
  });

  it('fails with a clear auth error when the keys are refused at the handshake (401)', async () => {
    const err = await rejection(engine(3000, 'bad').transcribe(tone(440, 0.2, 16000), 16000));
    expect(err.kind).toBe('auth');
    expect(err.message).toBe('Doubao rejected the credentials: HTTP 401 (log id standin-log-1)');
  });

  it.each([
    [45000001, 'bad_request', 'Doubao rejected the request parameters (45000001): stand-in error'],
    [45000002, 'empty_audio', 'Doubao received empty audio (45000002): stand-in error'],
    [45000081, 'timeout', 'Doubao timed out waiting for an audio packet (45000081): stand-in error'],
    [45000151, 'bad_audio', 'Doubao could not read the audio format (45000151): stand-in error'],
    [55000031, 'upstream', 'Doubao error 55000031: stand-in error'],
  ])('maps error frame %i to %s', async (code, kind, message) => {
    standIn.behaviour = { errorOnAudio: code };
    const stream = engine().startStream(STREAM_OPTIONS);
    const errors: AsrError[] = [];
    stream.onError((e) => errors.push(e));
    stream.write(tone(440, 0.4, 16000));
    const err = await rejection(stream.finish());
    expect(err.kind).toBe(kind);
    expect(err.message).toBe(message);
    expect(errors).toEqual([err]);
  });

  it('reports the vendor empty-audio error when the utterance had no audio', async () => {
    standIn.behaviour = 'normal';
    const err = await rejection(engine().startStream(STREAM_OPTIONS).finish());
    expect(err.kind).toBe('empty_audio');
  });

  it('gives up within the timeout when the final answer never comes', async () => {
    standIn.behaviour = 'silent-final';
    const stream = engine(300).startStream(STREAM_OPTIONS);
    stream.write(tone(440, 0.5, 16000));
    const started = Date.now();
    const err = await rejection(stream.finish());
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('Doubao did not send the final result within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

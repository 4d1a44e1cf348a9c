/**
 * TEST STAND-IN for a vendor: a local OpenAI-compatible `POST /v1/audio/transcriptions` server that
 * the e2e server is pointed at (ASR_ENGINE=openai, OPENAI_ASR_BASE_URL). The product never knows it
 * exists. Its answer is derived from the audio it receives: the phrase the test's WAV says when the
 * audio holds speech-level sound long enough, an empty text when it is silent.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';

/** What the e2e WAV says (espeak-ng, `wo3 jin1 tian1 hen3 mang2`). */
export const STANDIN_PHRASE = '我今天很忙。';

// 20 ms frames louder than this RMS count as voiced; 300 ms of them make an utterance.
const FRAME_S = 0.02;
const VOICED_RMS = 0.02;
const MIN_VOICED_S = 0.3;

export interface TranscriptionStandIn {
  baseUrl: string;
  /** Requests answered, with the seconds of audio and of voiced audio each carried. */
  requests: { seconds: number; voicedSeconds: number; text: string }[];
  close(): Promise<void>;
}

/** Reads a mono or multi-channel 16-bit PCM WAV into its first channel's samples in [-1, 1]. */
export function readWav(bytes: Buffer): { samples: Float32Array; sampleRate: number } {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let at = 12;
  let sampleRate = 0;
  let channels = 1;
  let bits = 16;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(body + 2);
      sampleRate = bytes.readUInt32LE(body + 4);
      bits = bytes.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error('only 16-bit WAV');
      const end = Math.min(bytes.length, body + size);
      const frames = Math.floor((end - body) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = bytes.readInt16LE(body + i * 2 * channels) / 0x8000;
      return { samples, sampleRate };
    }
    at = body + size + (size % 2);
  }
  throw new Error('WAV without data');
}

/** Seconds of 20 ms frames whose level is speech-like. */
export function voicedSeconds(samples: Float32Array, sampleRate: number): number {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_S));
  let voiced = 0;
  for (let i = 0; i + frame <= samples.length; i += frame) {
    let sum = 0;
    for (let j = i; j < i + frame; j++) sum += (samples[j] ?? 0) ** 2;
    if (Math.sqrt(sum / frame) > VOICED_RMS) voiced++;
  }
  return voiced * FRAME_S;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startTranscriptionStandIn(): Promise<TranscriptionStandIn> {
  const standIn: TranscriptionStandIn = { baseUrl: '', requests: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    // What it heard so far, for a test to print when a reading comes back empty.
    if (req.method === 'GET' && req.url === '/v1/requests') return json(200, standIn.requests);
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions')
      return json(404, { error: { message: 'not found' } });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const form = await new Request('http://standin/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData();
        const file = form.get('file');
        if (!(file instanceof Blob)) return json(400, { error: { message: 'file is required' } });
        const { samples, sampleRate } = readWav(Buffer.from(await file.arrayBuffer()));
        const voiced = voicedSeconds(samples, sampleRate);
        const text = voiced >= MIN_VOICED_S ? STANDIN_PHRASE : '';
        standIn.requests.push({ seconds: samples.length / sampleRate, voicedSeconds: voiced, text });
        json(200, { text });
      })().catch((err: unknown) =>
        json(400, { error: { message: err instanceof Error ? err.message : 'bad request' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('stand-in has no TCP address');
  standIn.baseUrl = `http://127.0.0.1:${address.port}/v1`;
  standIn.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}

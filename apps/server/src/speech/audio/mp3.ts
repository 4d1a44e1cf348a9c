import { createRequire } from 'node:module';
import { z } from 'zod';
import { InlineWorker } from './inline-worker.js';

/** Bit rate of cached MP3 files: plenty for 22050 Hz mono speech (MPEG-2 Layer III allows 48). */
export const MP3_KBPS = 48;

/** One MPEG audio frame inside an MP3 byte stream. */
export interface Mp3Frame {
  offset: number;
  length: number;
  sampleRate: number;
  /** Samples per channel the frame decodes to (1152 for MPEG-1, 576 for MPEG-2/2.5 Layer III). */
  samples: number;
}

/*
 * lamejs is pure JavaScript and costs ~20 ms per second of audio: run on the main thread it would
 * stall every other socket while a long text is cached, so it runs in a worker. The package's
 * CommonJS build is a script that defines `lamejs`; the worker evaluates it and takes that value.
 */
const ENCODER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const lame = new Function(readFileSync(workerData.lamejs, 'utf8') + '\n;return lamejs;')();
parentPort.on('message', ({ id, request }) => {
  try {
    const { pcm, sampleRate, kbps } = request;
    const encoder = new lame.Mp3Encoder(1, sampleRate, kbps);
    const parts = [];
    let size = 0;
    const keep = (bytes) => {
      if (bytes.length === 0) return;
      parts.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice());
      size += bytes.length;
    };
    for (let i = 0; i < pcm.length; i += 1152) keep(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
    keep(encoder.flush());
    const out = new Uint8Array(size);
    let at = 0;
    for (const part of parts) { out.set(part, at); at += part.length; }
    parentPort.postMessage({ id, result: out }, [out.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

const require = createRequire(import.meta.url);
const encoder = new InlineWorker<{ pcm: Int16Array; sampleRate: number; kbps: number }, Uint8Array>(
  ENCODER_SOURCE,
  z.instanceof(Uint8Array),
  () => ({ lamejs: require.resolve('@breezystack/lamejs') }),
);

/** Encodes 16-bit mono samples to a constant-bit-rate MP3 stream (in the encoder worker). */
export async function encodeMp3(pcm: Int16Array, sampleRate: number, kbps = MP3_KBPS): Promise<Buffer> {
  // A copy is sent, so the caller's samples stay usable.
  const copy = pcm.slice();
  const mp3 = await encoder.call({ pcm: copy, sampleRate, kbps }, [copy.buffer]);
  return Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength);
}

/** Stops the MP3 encoder worker (scripts that want to exit at once). */
export function closeMp3Encoder(): Promise<void> {
  return encoder.close();
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** Reads the Layer III frame header at `offset`, or null when no valid header starts there. */
export function readMp3FrameHeader(buf: Buffer, offset: number): Mp3Frame | null {
  if (offset + 4 > buf.length) return null;
  const b1 = buf[offset + 1] ?? 0;
  const b2 = buf[offset + 2] ?? 0;
  // 11-bit frame sync, then version (2 bits) and layer (2 bits; 01 = Layer III).
  if (buf[offset] !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 3) !== 1) return null;
  const version = (b1 >> 3) & 3;
  const rates = RATES[version];
  const bitrate = (version === 3 ? BITRATES_V1 : BITRATES_V2)[b2 >> 4];
  const sampleRate = rates?.[(b2 >> 2) & 3];
  if (!bitrate || !sampleRate) return null;
  const padding = (b2 >> 1) & 1;
  const samples = version === 3 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding;
  return { offset, length, sampleRate, samples };
}

/** Size of an ID3v2 tag at `offset` (header included), or 0 when there is none. */
export function id3TagLength(buf: Buffer, offset = 0): number {
  if (offset + 10 > buf.length || buf.toString('latin1', offset, offset + 3) !== 'ID3') return 0;
  // The size is "syncsafe": four 7-bit bytes.
  const size =
    ((buf[offset + 6] ?? 0) << 21) |
    ((buf[offset + 7] ?? 0) << 14) |
    ((buf[offset + 8] ?? 0) << 7) |
    (buf[offset + 9] ?? 0);
  const footer = ((buf[offset + 5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** Lists the frames of an MP3 stream, skipping ID3v2 tags; stops at the first byte that is not a frame. */
export function mp3Frames(buf: Buffer): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  let offset = 0;
  while (offset < buf.length) {
    const tag = id3TagLength(buf, offset);
    if (tag > 0) {
      offset += tag;
      continue;
    }
    const frame = readMp3FrameHeader(buf, offset);
    if (!frame || offset + frame.length > buf.length) break;
    frames.push(frame);
    offset += frame.length;
  }
  return frames;
}

/** Playing time of an MP3 stream in seconds, from its frames. */
export function mp3DurationS(buf: Buffer): number {
  return mp3Frames(buf).reduce((s, f) => s + f.samples / f.sampleRate, 0);
}

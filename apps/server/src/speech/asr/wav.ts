import { mixToMono } from './audio.js';

/** A WAV file that is not RIFF/WAVE or holds a sample format we do not read. */
export class WavError extends Error {}

export interface DecodedAudio {
  sampleRate: number;
  /** Mono samples in [-1, 1]. */
  samples: Float32Array;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;

/** True when the bytes start like a RIFF/WAVE file. */
export function looksLikeWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE';
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** Reads PCM (8/16/24/32-bit) or float (32/64-bit) WAV, mixing channels to mono. */
export function parseWav(bytes: Uint8Array): DecodedAudio {
  if (!looksLikeWav(bytes)) throw new WavError('not a RIFF/WAVE file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | null = null;
  let data: Uint8Array | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const declared = view.getUint32(at + 4, true);
    const start = at + 8;
    // Streaming writers leave the size 0 or 0xFFFFFFFF on the last chunk: take the rest of the file.
    const size =
      declared === 0 || declared === 0xffffffff || start + declared > bytes.length
        ? bytes.length - start
        : declared;
    if (id === 'fmt ' && size >= 16) {
      let tag = view.getUint16(start, true);
      if (tag === FORMAT_EXTENSIBLE && size >= 26) tag = view.getUint16(start + 24, true);
      format = {
        tag,
        channels: view.getUint16(start + 2, true),
        sampleRate: view.getUint32(start + 4, true),
        bits: view.getUint16(start + 14, true),
      };
    } else if (id === 'data') {
      data = bytes.subarray(start, start + size);
      if (format) break;
    }
    at = start + size + (size & 1);
  }
  if (!format) throw new WavError('WAV file has no fmt chunk');
  if (!data) throw new WavError('WAV file has no data chunk');
  const { tag, channels, sampleRate, bits } = format;
  if (channels < 1 || sampleRate < 1) throw new WavError('WAV file declares no channels or no sample rate');
  const read = sampleReader(tag, bits);
  if (!read) throw new WavError(`unsupported WAV sample format ${tag}/${bits}-bit`);
  const width = bits / 8;
  const frames = Math.floor(data.length / (width * channels));
  const dataView = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const planes = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < channels; c++) {
      const plane = planes[c];
      if (plane) plane[f] = read(dataView, (f * channels + c) * width);
    }
  }
  return { sampleRate, samples: mixToMono(planes) };
}

function sampleReader(tag: number, bits: number): ((view: DataView, at: number) => number) | null {
  if (tag === FORMAT_PCM) {
    if (bits === 8) return (v, at) => (v.getUint8(at) - 128) / 128;
    if (bits === 16) return (v, at) => v.getInt16(at, true) / 32768;
    if (bits === 24)
      return (v, at) => (v.getUint8(at) | (v.getUint8(at + 1) << 8) | (v.getInt8(at + 2) << 16)) / 8388608;
    if (bits === 32) return (v, at) => v.getInt32(at, true) / 2147483648;
  }
  if (tag === FORMAT_FLOAT) {
    if (bits === 32) return (v, at) => v.getFloat32(at, true);
    if (bits === 64) return (v, at) => v.getFloat64(at, true);
  }
  return null;
}

/** Wraps 16-bit mono PCM in a WAV header. */
export function encodeWav(pcm: Int16Array, sampleRate: number): Buffer {
  const dataBytes = pcm.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(FORMAT_PCM, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] ?? 0, 44 + i * 2);
  return out;
}

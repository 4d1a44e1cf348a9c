import os from 'node:os';

/** Where the samples of a RIFF/WAVE file are and how they are laid out. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Bytes of samples declared by the header (streaming writers declare a huge placeholder). */
  dataLength: number;
}

const littleEndianHost = os.endianness() === 'LE';

/**
 * Reads a WAV header. Returns null while `buf` is too short to hold the whole header (a stream
 * still arriving); throws when the bytes are not a PCM WAV file.
 */
export function parseWavHeader(buf: Buffer): WavInfo | null {
  if (buf.length < 12) return null;
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let offset = 12;
  let format: Omit<WavInfo, 'dataOffset' | 'dataLength'> | null = null;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (offset + 8 + 16 > buf.length) return null;
      const audioFormat = buf.readUInt16LE(offset + 8);
      // 1 = integer PCM; 0xFFFE = WAVE_FORMAT_EXTENSIBLE, which espeak never writes but others may.
      if (audioFormat !== 1 && audioFormat !== 0xfffe)
        throw new Error(`unsupported WAV format ${audioFormat}`);
      format = {
        channels: buf.readUInt16LE(offset + 10),
        sampleRate: buf.readUInt32LE(offset + 12),
        bitsPerSample: buf.readUInt16LE(offset + 22),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data chunk before its fmt chunk');
      return { ...format, dataOffset: offset + 8, dataLength: size };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/** Copies little-endian 16-bit samples out of a byte buffer (its length must be even). */
export function bytesToPcm(bytes: Uint8Array): Int16Array {
  const samples = new Int16Array(bytes.length >> 1);
  if (littleEndianHost) {
    // A copy, because a Buffer's byteOffset is often odd and Int16Array views need alignment.
    new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.length * 2));
  } else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true);
  }
  return samples;
}

/** The bytes of 16-bit samples, little-endian, as sent on the wire and stored in WAV files. */
export function pcmToBytes(pcm: Int16Array): Buffer {
  if (littleEndianHost) return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const out = Buffer.alloc(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] ?? 0, i * 2);
  return out;
}

/** Turns a byte stream into whole 16-bit samples, carrying an odd trailing byte to the next chunk. */
export class PcmAssembler {
  private carry: Buffer | null = null;

  push(chunk: Buffer): Int16Array {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const even = bytes.length - (bytes.length % 2);
    this.carry = even < bytes.length ? Buffer.from(bytes.subarray(even)) : null;
    return bytesToPcm(bytes.subarray(0, even));
  }
}

/** Decodes a whole 16-bit PCM WAV file to mono samples (channels are averaged). */
export function decodeWav(buf: Buffer): { sampleRate: number; pcm: Int16Array } {
  const info = parseWavHeader(buf);
  if (!info) throw new Error('truncated WAV header');
  if (info.bitsPerSample !== 16) throw new Error(`unsupported WAV sample size ${info.bitsPerSample}`);
  const end = Math.min(buf.length, info.dataOffset + info.dataLength);
  const interleaved = bytesToPcm(buf.subarray(info.dataOffset, end - ((end - info.dataOffset) % 2)));
  if (info.channels === 1) return { sampleRate: info.sampleRate, pcm: interleaved };
  const frames = Math.floor(interleaved.length / info.channels);
  const mono = new Int16Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < info.channels; c++) sum += interleaved[f * info.channels + c] ?? 0;
    mono[f] = Math.round(sum / info.channels);
  }
  return { sampleRate: info.sampleRate, pcm: mono };
}

/** A 16-bit mono PCM WAV file. */
export function encodeWav(pcm: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.byteLength, 40);
  return Buffer.concat([header, pcmToBytes(pcm)]);
}

/** Joins sample chunks into one array. */
export function concatPcm(chunks: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Linear-interpolation resampling; enough for speech going to a 22050 Hz player. */
export function resamplePcm(pcm: Int16Array, from: number, to: number): Int16Array {
  if (from === to || pcm.length === 0) return pcm;
  const out = new Int16Array(Math.max(1, Math.round((pcm.length * to) / from)));
  const step = from / to;
  for (let i = 0; i < out.length; i++) {
    const pos = i * step;
    const left = Math.floor(pos);
    const a = pcm[Math.min(left, pcm.length - 1)] ?? 0;
    const b = pcm[Math.min(left + 1, pcm.length - 1)] ?? 0;
    out[i] = Math.round(a + (b - a) * (pos - left));
  }
  return out;
}

/** Root-mean-square level of the samples on a 0..1 scale. */
export function pcmRms(pcm: Int16Array): number {
  if (pcm.length === 0) return 0;
  let sum = 0;
  for (const s of pcm) sum += s * s;
  return Math.sqrt(sum / pcm.length) / 32768;
}

/** Milliseconds of audio in `samples` at `sampleRate`. */
export function samplesToMs(samples: number, sampleRate: number): number {
  return Math.round((samples * 1000) / sampleRate);
}

import { describe, expect, it } from 'vitest';
import {
  PcmPacketizer,
  bytesToInt16,
  float32ToInt16,
  int16ToBytes,
  int16ToFloat32,
  mixToMono,
  resample,
  resampleInt16,
} from './audio.js';
import { dominantHz, tone } from './standins/tone.js';
import { WavError, encodeWav, parseWav } from './wav.js';

function sine(hz: number, seconds: number, rate: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate),
  );
}

/** RMS away from the edges, where the filter is cut short. */
function rms(samples: Float32Array): number {
  const inner = samples.subarray(Math.floor(samples.length / 10), Math.floor((samples.length * 9) / 10));
  return Math.sqrt(inner.reduce((acc, v) => acc + v * v, 0) / inner.length);
}

describe('PCM normalisation (the local engine feeds floats)', () => {
  it('maps Int16 onto [-1, 1) by dividing by 32768', () => {
    expect([...int16ToFloat32(Int16Array.from([-32768, -16384, 0, 16384, 32767]))]).toEqual([
      -1,
      -0.5,
      0,
      0.5,
      32767 / 32768,
    ]);
  });

  it('maps floats back to Int16, clipping out-of-range values', () => {
    expect([...float32ToInt16(Float32Array.from([-1.5, -1, -0.5, 0, 0.5, 1, 2]))]).toEqual([
      -32768, -32768, -16384, 0, 16384, 32767, 32767,
    ]);
  });

  it('reads little-endian bytes at any offset and writes them back', () => {
    const bytes = Buffer.from([0xff, 0x01, 0x80, 0xff, 0x7f, 0x00]);
    const samples = bytesToInt16(bytes.subarray(1, 5));
    expect([...samples]).toEqual([-32767, 0x7fff]);
    expect([...int16ToBytes(Int16Array.from([-2, 258]))]).toEqual([0xfe, 0xff, 0x02, 0x01]);
    expect(bytesToInt16(Buffer.from([1, 2, 3])).length).toBe(1);
  });

  it('averages channels', () => {
    expect([...mixToMono([Float32Array.from([1, 0.5]), Float32Array.from([0, -0.5])])]).toEqual([0.5, 0]);
  });
});

describe('resampling', () => {
  it('48 kHz → 16 kHz keeps a 1 kHz tone at its level and frequency', () => {
    const out = resample(sine(1000, 1, 48000), 48000, 16000);
    expect(out.length).toBe(16000);
    expect(rms(out)).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(Math.abs(dominantHz(float32ToInt16(out), 16000) - 1000)).toBeLessThanOrEqual(1);
  });

  it('filters out what 16 kHz cannot hold instead of folding it back (10 kHz tone)', () => {
    const out = resample(sine(10000, 1, 48000), 48000, 16000);
    expect(rms(out)).toBeLessThan(0.01 * rms(sine(10000, 1, 48000)));
  });

  it('44.1 kHz and 8 kHz both reach 16 kHz with the tone intact', () => {
    const down = resample(sine(440, 1, 44100), 44100, 16000);
    expect(down.length).toBe(16000);
    expect(Math.abs(dominantHz(float32ToInt16(down), 16000) - 440)).toBeLessThanOrEqual(1);
    const up = resampleInt16(tone(1000, 0.5, 8000), 8000, 16000);
    expect(up.length).toBe(8000);
    expect(Math.abs(dominantHz(up, 16000) - 1000)).toBeLessThanOrEqual(1);
    expect(rms(int16ToFloat32(up))).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('returns the input unchanged at the same rate', () => {
    const pcm = tone(440, 0.01, 16000);
    expect(resampleInt16(pcm, 16000, 16000)).toBe(pcm);
  });
});

describe('packetizer', () => {
  it('re-cuts any chunk sizes into fixed packets and drains the rest', () => {
    const p = new PcmPacketizer(4);
    expect(p.push(Int16Array.from([1, 2, 3]))).toEqual([]);
    expect(p.push(Int16Array.from([4, 5, 6, 7, 8, 9])).map((a) => [...a])).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expect([...p.drain()]).toEqual([9]);
    expect(p.drain().length).toBe(0);
  });
});

describe('WAV', () => {
  it('round-trips 16-bit mono', () => {
    const pcm = tone(440, 0.1, 16000);
    const wav = encodeWav(pcm, 16000);
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    const { sampleRate, samples } = parseWav(wav);
    expect(sampleRate).toBe(16000);
    expect([...float32ToInt16(samples)]).toEqual([...pcm]);
  });

  it('reads 24-bit stereo, float32, and a streaming header whose sizes were never filled in', () => {
    const header = (tag: number, channels: number, bits: number, dataBytes: number) => {
      const h = encodeWav(new Int16Array(0), 8000);
      h.writeUInt16LE(tag, 20);
      h.writeUInt16LE(channels, 22);
      h.writeUInt16LE(bits, 34);
      h.writeUInt32LE(dataBytes, 40);
      return h;
    };
    // One stereo frame: left +0.5, right -0.5 at 24 bits → mono 0.
    const s24 = Buffer.concat([header(1, 2, 24, 6), Buffer.from([0x00, 0x00, 0x40, 0x00, 0x00, 0xc0])]);
    expect([...parseWav(s24).samples]).toEqual([0]);
    const f32 = Buffer.alloc(8);
    f32.writeFloatLE(0.25, 0);
    f32.writeFloatLE(-0.75, 4);
    expect([...parseWav(Buffer.concat([header(3, 1, 32, 8), f32])).samples]).toEqual([0.25, -0.75]);
    const streaming = Buffer.concat([
      header(1, 1, 16, 0xffffffff),
      int16ToBytes(Int16Array.from([16384, -16384])),
    ]);
    expect([...parseWav(streaming).samples]).toEqual([0.5, -0.5]);
  });

  it('refuses what it cannot read', () => {
    expect(() => parseWav(Buffer.from('OggS0000000000000000'))).toThrow(WavError);
    const adpcm = encodeWav(new Int16Array(4), 8000);
    adpcm.writeUInt16LE(2, 20);
    expect(() => parseWav(adpcm)).toThrow('unsupported WAV sample format 2/16-bit');
  });
});

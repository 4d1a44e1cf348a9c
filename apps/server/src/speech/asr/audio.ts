/** PCM helpers shared by the engines and the upload decoder. */

/** Int16 PCM to floats in [-1, 1), the scale recognisers expect. */
export function int16ToFloat32(pcm: Int16Array): Float32Array {
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = (pcm[i] ?? 0) / 32768;
  return out;
}

/** Floats to Int16 PCM, clipping what lies outside [-1, 1]. */
export function float32ToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = Math.round(v < 0 ? v * 32768 : v * 32767);
  }
  return out;
}

/** Averages channels into one. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const length = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) + (channel[i] ?? 0) / channels.length;
  }
  return out;
}

// Zero crossings of the sinc kernel on each side: 8 keeps the stop band below about -50 dB
// with a Hann window, at 16-48 multiplications per output sample for speech rates.
const ZERO_CROSSINGS = 8;
// The pass band ends a little below the new Nyquist frequency so that the window's transition
// band does not fold back into speech.
const CUTOFF = 0.92;

// The kernel is tabulated this finely per input sample and read with linear interpolation, which
// is ~10x faster than evaluating sin and cos for every tap and far below 16-bit noise.
const TABLE_STEPS = 512;
const kernels = new Map<string, Float32Array>();

/** Hann-windowed sinc for |x| in [0, half], sampled at 1/TABLE_STEPS. */
function kernelTable(half: number, cutoff: number): Float32Array {
  const key = `${half}:${cutoff}`;
  const cached = kernels.get(key);
  if (cached) return cached;
  const table = new Float32Array(half * TABLE_STEPS + 2);
  for (let k = 0; k <= half * TABLE_STEPS; k++) {
    const x = k / TABLE_STEPS;
    const window = 0.5 * (1 + Math.cos((Math.PI * x) / half));
    const arg = Math.PI * cutoff * x;
    table[k] = (arg === 0 ? 1 : Math.sin(arg) / arg) * window;
  }
  kernels.set(key, table);
  return table;
}

/**
 * Band-limited resampling (Hann-windowed sinc). Downsampling filters out what the new rate
 * cannot hold instead of folding it back as aliases, which plain linear interpolation would do.
 */
export function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return input.slice();
  if (!(from > 0 && to > 0)) throw new RangeError(`bad sample rates ${from} -> ${to}`);
  const ratio = to / from;
  const scale = Math.min(1, ratio);
  const half = Math.ceil(ZERO_CROSSINGS / scale);
  const table = kernelTable(half, CUTOFF * scale);
  const out = new Float32Array(Math.round(input.length * ratio));
  for (let n = 0; n < out.length; n++) {
    const center = n / ratio;
    const first = Math.max(0, Math.floor(center) - half + 1);
    const last = Math.min(input.length - 1, Math.floor(center) + half);
    let acc = 0;
    let weight = 0;
    for (let i = first; i <= last; i++) {
      const at = Math.abs(i - center) * TABLE_STEPS;
      const k = Math.floor(at);
      const lo = table[k] ?? 0;
      const h = lo + ((table[k + 1] ?? 0) - lo) * (at - k);
      acc += (input[i] ?? 0) * h;
      weight += h;
    }
    // Normalising by the kernel's own sum keeps unit gain at the edges, where it is cut short.
    out[n] = weight === 0 ? 0 : acc / weight;
  }
  return out;
}

/** Resamples Int16 PCM. */
export function resampleInt16(pcm: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return pcm;
  return float32ToInt16(resample(int16ToFloat32(pcm), from, to));
}

/** Little-endian 16-bit bytes to samples; a trailing odd byte is ignored. */
export function bytesToInt16(bytes: Uint8Array): Int16Array {
  const count = bytes.length >> 1;
  const out = new Int16Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  for (let i = 0; i < count; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** Samples to little-endian 16-bit bytes. */
export function int16ToBytes(pcm: Int16Array): Buffer {
  const out = Buffer.allocUnsafe(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] ?? 0, i * 2);
  return out;
}

/** Joins sample arrays. */
export function concatInt16(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Collects samples and hands them out in packets of a fixed size, the way vendors ask for
 * audio (DashScope ~100 ms, Doubao 100-200 ms), whatever sizes the browser sends.
 */
export class PcmPacketizer {
  private parts: Int16Array[] = [];
  private buffered = 0;

  constructor(private readonly packetSamples: number) {}

  /** Adds samples; returns the whole packets now available. */
  push(pcm: Int16Array): Int16Array[] {
    if (pcm.length > 0) {
      this.parts.push(pcm);
      this.buffered += pcm.length;
    }
    const packets: Int16Array[] = [];
    if (this.buffered < this.packetSamples) return packets;
    const all = concatInt16(this.parts);
    let at = 0;
    while (all.length - at >= this.packetSamples) {
      packets.push(all.slice(at, at + this.packetSamples));
      at += this.packetSamples;
    }
    const rest = all.slice(at);
    this.parts = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return packets;
  }

  /** Whatever is left, possibly empty. */
  drain(): Int16Array {
    const rest = concatInt16(this.parts);
    this.parts = [];
    this.buffered = 0;
    return rest;
  }
}

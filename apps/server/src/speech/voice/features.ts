/**
 * Frame-level features of a 16 kHz recording: log energy and MFCCs (mel-frequency cepstral coefficients)
 * over 25 ms windows every 10 ms, the spectral picture the aligner compares two recordings by.
 */

export const VOICE_SAMPLE_RATE = 16_000;
/** 10 ms between frames. */
export const HOP = 160;
export const FRAME_MS = (HOP / VOICE_SAMPLE_RATE) * 1000;
/** 25 ms analysis window. */
const WINDOW = 400;
const FFT_SIZE = 512;
const MEL_FILTERS = 26;
/** c1..c12: c0 (loudness) is left out so a louder or quieter voice aligns the same. */
export const MFCC_COUNT = 12;
const MEL_LOW_HZ = 80;
const MEL_HIGH_HZ = 7_600;

export interface Frames {
  count: number;
  /** Log energy of each frame in dB (relative to full scale). */
  energyDb: Float32Array;
  /** count × MFCC_COUNT, mean-normalised over the recording (removes the microphone's colour). */
  mfcc: Float32Array;
}

const hamming = Float64Array.from(
  { length: WINDOW },
  (_, n) => 0.54 - 0.46 * Math.cos((2 * Math.PI * n) / (WINDOW - 1)),
);

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Triangular mel filters over the FFT bins, each as [first bin, weights]. */
const melBank: Array<{ first: number; weights: Float64Array }> = (() => {
  const lo = hzToMel(MEL_LOW_HZ);
  const hi = hzToMel(MEL_HIGH_HZ);
  const edges = Array.from(
    { length: MEL_FILTERS + 2 },
    (_, i) => (melToHz(lo + ((hi - lo) * i) / (MEL_FILTERS + 1)) * FFT_SIZE) / VOICE_SAMPLE_RATE,
  );
  const bank: Array<{ first: number; weights: Float64Array }> = [];
  for (let m = 1; m <= MEL_FILTERS; m++) {
    const left = edges[m - 1] ?? 0;
    const centre = edges[m] ?? 0;
    const right = edges[m + 1] ?? 0;
    const first = Math.ceil(left);
    const last = Math.floor(right);
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let k = first; k <= last; k++) {
      weights[k - first] =
        k <= centre
          ? (k - left) / Math.max(1e-9, centre - left)
          : (right - k) / Math.max(1e-9, right - centre);
    }
    bank.push({ first, weights });
  }
  return bank;
})();

const dct: Float64Array = (() => {
  const out = new Float64Array(MFCC_COUNT * MEL_FILTERS);
  for (let c = 0; c < MFCC_COUNT; c++) {
    for (let m = 0; m < MEL_FILTERS; m++)
      out[c * MEL_FILTERS + m] = Math.cos((Math.PI * (c + 1) * (m + 0.5)) / MEL_FILTERS);
  }
  return out;
})();

const bitReverse: Uint16Array = (() => {
  const bits = Math.log2(FFT_SIZE);
  const out = new Uint16Array(FFT_SIZE);
  for (let i = 0; i < FFT_SIZE; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    out[i] = r;
  }
  return out;
})();
const twiddleRe = Float64Array.from({ length: FFT_SIZE / 2 }, (_, k) =>
  Math.cos((-2 * Math.PI * k) / FFT_SIZE),
);
const twiddleIm = Float64Array.from({ length: FFT_SIZE / 2 }, (_, k) =>
  Math.sin((-2 * Math.PI * k) / FFT_SIZE),
);

/** In-place iterative radix-2 FFT of length FFT_SIZE. */
function fft(re: Float64Array, im: Float64Array): void {
  for (let i = 0; i < FFT_SIZE; i++) {
    const j = bitReverse[i] ?? 0;
    if (j > i) {
      const tr = re[i] ?? 0;
      re[i] = re[j] ?? 0;
      re[j] = tr;
      const ti = im[i] ?? 0;
      im[i] = im[j] ?? 0;
      im[j] = ti;
    }
  }
  for (let size = 2; size <= FFT_SIZE; size <<= 1) {
    const half = size >> 1;
    const step = FFT_SIZE / size;
    for (let start = 0; start < FFT_SIZE; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = twiddleRe[k * step] ?? 0;
        const wi = twiddleIm[k * step] ?? 0;
        const a = start + k;
        const b = a + half;
        const br = re[b] ?? 0;
        const bi = im[b] ?? 0;
        const tr = br * wr - bi * wi;
        const ti = br * wi + bi * wr;
        const ar = re[a] ?? 0;
        const ai = im[a] ?? 0;
        re[b] = ar - tr;
        im[b] = ai - ti;
        re[a] = ar + tr;
        im[a] = ai + ti;
      }
    }
  }
}

/** Energy and MFCCs of every 10 ms frame of `samples` (16 kHz, [-1, 1]). */
export function computeFrames(samples: Float32Array): Frames {
  const count = Math.max(0, Math.floor((samples.length - WINDOW) / HOP) + 1);
  const energyDb = new Float32Array(count);
  const mfcc = new Float32Array(count * MFCC_COUNT);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const mel = new Float64Array(MEL_FILTERS);
  for (let f = 0; f < count; f++) {
    const at = f * HOP;
    let power = 0;
    let prev = at > 0 ? (samples[at - 1] ?? 0) : 0;
    for (let n = 0; n < WINDOW; n++) {
      const x = samples[at + n] ?? 0;
      power += x * x;
      // Pre-emphasis lifts the high formants the vowels differ by.
      re[n] = (x - 0.97 * prev) * (hamming[n] ?? 0);
      prev = x;
      im[n] = 0;
    }
    re.fill(0, WINDOW);
    im.fill(0, WINDOW);
    energyDb[f] = 10 * Math.log10(power / WINDOW + 1e-10);
    fft(re, im);
    for (let m = 0; m < MEL_FILTERS; m++) {
      const { first, weights } = melBank[m] ?? { first: 0, weights: new Float64Array(0) };
      let sum = 0;
      for (let k = 0; k < weights.length; k++) {
        const r = re[first + k] ?? 0;
        const i = im[first + k] ?? 0;
        sum += (weights[k] ?? 0) * (r * r + i * i);
      }
      mel[m] = Math.log(sum + 1e-8);
    }
    for (let c = 0; c < MFCC_COUNT; c++) {
      let sum = 0;
      for (let m = 0; m < MEL_FILTERS; m++) sum += (dct[c * MEL_FILTERS + m] ?? 0) * (mel[m] ?? 0);
      mfcc[f * MFCC_COUNT + c] = sum;
    }
  }
  return { count, energyDb, mfcc };
}

/** Subtracts each coefficient's mean over the chosen frames and scales it to unit variance. */
export function normaliseMfcc(mfcc: Float32Array, frames: readonly number[]): Float32Array {
  const out = new Float32Array(frames.length * MFCC_COUNT);
  for (let c = 0; c < MFCC_COUNT; c++) {
    let mean = 0;
    for (const f of frames) mean += mfcc[f * MFCC_COUNT + c] ?? 0;
    mean /= Math.max(1, frames.length);
    let variance = 0;
    for (const f of frames) variance += ((mfcc[f * MFCC_COUNT + c] ?? 0) - mean) ** 2;
    const sd = Math.sqrt(variance / Math.max(1, frames.length)) || 1;
    frames.forEach((f, i) => {
      out[i * MFCC_COUNT + c] = ((mfcc[f * MFCC_COUNT + c] ?? 0) - mean) / sd;
    });
  }
  return out;
}

/** Int16 PCM → float samples in [-1, 1]. */
export function toFloat(pcm: Int16Array): Float32Array {
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = (pcm[i] ?? 0) / 32768;
  return out;
}

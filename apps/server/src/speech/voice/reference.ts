/**
 * The reference recording the learner is aligned with: espeak-ng reads the expected syllables with a long
 * gap after each, the gaps show where every syllable lies, and the syllables are joined again without
 * the gaps. espeak-ng's command line reports no word timings; the gaps make them exact.
 */
import { spawn } from 'node:child_process';
import { decodeWav } from '../audio/wav.js';
import { resampleInt16 } from '../asr/audio.js';
import { BINARY_VOICE, hasEspeakBinary, WASM_VOICE } from '../tts/espeak-engine.js';
import { espeakWasm, WASM_OUT_FILE } from '../tts/espeak-wasm.js';
import { HOP, VOICE_SAMPLE_RATE } from './features.js';

/** Word gap in espeak's units of 10 ms: far longer than any silence inside a syllable. */
const GAP_UNITS = 30;
const CACHE_SIZE = 200;

export interface SynthesisOptions {
  /** Words per minute (espeak's -s, default 175). */
  wpm?: number;
  /** espeak's -p, 0-99 (default 50). */
  pitch?: number;
  /** A voice variant such as `f2` or `m3` (binary only). */
  variant?: string;
}

export interface SyllableAudio {
  /** 16 kHz mono. */
  pcm: Int16Array;
  /** Each syllable's [start, end) in samples. */
  spans: Array<[number, number]>;
}

/** Reference audio and each syllable's first frame (plus the end frame last), in 10 ms frames. */
export interface ReferenceAudio {
  pcm: Int16Array;
  bounds: number[];
}

export class ReferenceError extends Error {}

async function runBinary(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('espeak-ng', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new ReferenceError(`espeak-ng exited with ${code}`)),
    );
  });
}

/** espeak-ng reading these numbered-pinyin syllables, each followed by a long gap, at 16 kHz. */
async function synthesiseGapped(pinyins: readonly string[], opts: SynthesisOptions): Promise<Int16Array> {
  const text = pinyins.map((p) => p.replace(/ü|u:/g, 'v')).join(' ');
  const common = ['-g', String(GAP_UNITS), '-s', String(opts.wpm ?? 175), '-p', String(opts.pitch ?? 50)];
  let wav: Buffer;
  if (hasEspeakBinary()) {
    const voice = opts.variant ? `${BINARY_VOICE}+${opts.variant}` : BINARY_VOICE;
    wav = await runBinary(['-v', voice, ...common, '--stdout', text]);
  } else {
    wav = await espeakWasm.run(['-v', WASM_VOICE, ...common, '-w', WASM_OUT_FILE, text]);
  }
  const { sampleRate, pcm } = decodeWav(wav);
  return resampleInt16(pcm, sampleRate, VOICE_SAMPLE_RATE);
}

/** Splits gapped speech into `count` syllables at the count-1 longest silences between sounds. */
export function splitAtGaps(pcm: Int16Array, count: number): Array<[number, number]> {
  const frames = Math.floor(pcm.length / HOP);
  const loud = new Uint8Array(frames);
  let peak = 0;
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let n = 0; n < HOP; n++) sum += (pcm[f * HOP + n] ?? 0) ** 2;
    energy[f] = sum / HOP;
    peak = Math.max(peak, energy[f] ?? 0);
  }
  // 50 dB under the loudest frame is silence for a synthesiser that writes true zeros between words.
  for (let f = 0; f < frames; f++) loud[f] = (energy[f] ?? 0) > peak * 1e-5 ? 1 : 0;
  const firstLoud = loud.indexOf(1);
  const lastLoud = loud.lastIndexOf(1);
  if (firstLoud < 0) throw new ReferenceError('the synthesiser wrote silence');
  const gaps: Array<[number, number]> = [];
  for (let f = firstLoud; f <= lastLoud; f++) {
    if (loud[f] === 1) continue;
    let g = f;
    while (g <= lastLoud && loud[g] === 0) g++;
    gaps.push([f, g]);
    f = g;
  }
  if (gaps.length < count - 1)
    throw new ReferenceError(`found ${gaps.length + 1} of ${count} syllables in the synthesis`);
  const chosen = [...gaps]
    .sort((a, b) => b[1] - b[0] - (a[1] - a[0]))
    .slice(0, count - 1)
    .sort((a, b) => a[0] - b[0]);
  const spans: Array<[number, number]> = [];
  let start = firstLoud;
  for (const [gapStart, gapEnd] of chosen) {
    spans.push([start * HOP, gapStart * HOP]);
    start = gapEnd;
  }
  spans.push([start * HOP, (lastLoud + 1) * HOP]);
  return spans;
}

/** Each syllable synthesised, with its exact place in the audio. */
export async function synthesiseSyllables(
  pinyins: readonly string[],
  opts: SynthesisOptions = {},
): Promise<SyllableAudio> {
  if (pinyins.length === 0) throw new ReferenceError('nothing to synthesise');
  const pcm = await synthesiseGapped(pinyins, opts);
  return { pcm, spans: splitAtGaps(pcm, pinyins.length) };
}

/**
 * The syllables joined with the given silence (samples) before each one (none by default): the gaps
 * go, so the reference flows like speech, and the boundaries are known to the sample.
 */
export function joinSyllables(audio: SyllableAudio, silenceBefore: readonly number[] = []): SyllableAudio {
  const total = audio.spans.reduce((sum, [a, b], k) => sum + (b - a) + (silenceBefore[k] ?? 0), 0);
  const pcm = new Int16Array(total);
  const spans: Array<[number, number]> = [];
  let at = 0;
  audio.spans.forEach(([a, b], k) => {
    at += silenceBefore[k] ?? 0;
    pcm.set(audio.pcm.subarray(a, b), at);
    spans.push([at, at + (b - a)]);
    at += b - a;
  });
  return { pcm, spans };
}

/**
 * The voice the reference is read in. MFCCs of a man's and a woman's voice differ more than DTW can
 * bridge (their formants lie apart), so the recording is aligned with both a low and a high reading and
 * the closer one is kept.
 */
export type ReferenceVoice = 'low' | 'high';
/** espeak-ng variant read for a high voice; the labelled set never uses it for its learners. */
const HIGH_VARIANT = 'f3';

const cache = new Map<string, ReferenceAudio>();

/** The reference for these syllables (said at espeak's default speed), cached by voice and pinyin. */
export async function referenceFor(
  pinyins: readonly string[],
  voice: ReferenceVoice = 'low',
): Promise<ReferenceAudio> {
  const key = `${voice}:${pinyins.join(' ')}`;
  const hit = cache.get(key);
  if (hit) {
    // Re-inserting keeps the map in least-recently-used order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const joined = joinSyllables(
    await synthesiseSyllables(pinyins, voice === 'high' ? { variant: HIGH_VARIANT } : {}),
  );
  const bounds = joined.spans.map(([a]) => Math.round(a / HOP));
  bounds.push(Math.floor(joined.pcm.length / HOP));
  const reference = { pcm: joined.pcm, bounds };
  cache.set(key, reference);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  return reference;
}

/**
 * The labelled set the tone classifier is measured on, made on the spot: HSK sentences read by espeak-ng
 * clause by clause at several speeds, pitches and voices, pauses between clauses, some moved to a lower or
 * higher voice by sox, mild noise; half with a known share of syllables given a wrong tone. Every
 * syllable's place is known to the sample because the synthesis is split at word gaps (reference.ts).
 * Used by the eval (all of it) and by a test (a small part) — never by the running server.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { withTone } from '@kouyu/core';
import type { ExpectedSyllable, Tone } from '@kouyu/core';
import { expectedSyllables } from './expected.js';
import { VOICE_SAMPLE_RATE } from './features.js';
import { joinSyllables, synthesiseSyllables } from './reference.js';
import type { SyllableAudio } from './reference.js';

const SEED_DIR = path.resolve(import.meta.dirname, '../../db/seed/data');

/** Sentences of 4-24 syllables from the HSKK repeat and read-aloud items and the HSK papers, sorted, unique. */
export function hskSentences(): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const sentence of value.split(/(?<=[。！？；])/u)) {
        const s = sentence.trim();
        const han = s.match(/\p{Script=Han}/gu)?.length ?? 0;
        if (han >= 4 && han <= 24 && /^[\p{Script=Han}，。！？、；：“”…]+$/u.test(s)) found.add(s);
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  for (const dir of ['hskk', 'hsk']) {
    for (const file of readdirSync(path.join(SEED_DIR, dir))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const data: unknown = JSON.parse(readFileSync(path.join(SEED_DIR, dir, file), 'utf8'));
      visit(data);
    }
  }
  return [...found].sort();
}

/** A small deterministic generator (mulberry32), so the set is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LabelledItem {
  text: string;
  expected: ExpectedSyllable[];
  /** The tone each syllable was read with. */
  spoken: Tone[];
  /** 16 kHz mono. */
  pcm: Int16Array;
  /** Each syllable's true [start, end) in ms. */
  truth: Array<[number, number]>;
  /** Pauses put between clauses. */
  pauses: number;
  /** How it was read, for the eval's breakdown. */
  condition: string;
}

const SPEEDS = [140, 160, 175, 195, 215];
/**
 * The set has two halves that share no sentence and no voice: `dev`, the one the method may be tuned on,
 * and `held-out`, the one the figures and the floor test come from. The held-out voices, pitches and sox
 * shifts are none of the dev ones, so a setting fitted to the dev voices shows up as a gap between the two.
 */
export type Split = 'dev' | 'held-out';
interface Voices {
  pitches: readonly number[];
  /** Never the reference's own voices (espeak's default and f3), so no learner is the reference. */
  variants: readonly string[];
  shiftsCents: readonly number[];
}
const VOICES: Readonly<Record<Split, Voices>> = {
  dev: { pitches: [35, 65], variants: ['m7', 'f2', 'm3'], shiftsCents: [0, 0, -300, 300] },
  'held-out': { pitches: [45, 55], variants: ['f4', 'm1', 'f5'], shiftsCents: [0, 0, -200, 250] },
};
/** Share of the syllables of a wrong-tone item that are given a wrong tone. */
export const WRONG_SHARE = 0.25;

/** A tone other than `tone` that keeps the clause free of new third-tone pairs (espeak would change them). */
function wrongTone(tone: Tone, before: Tone | undefined, after: Tone | undefined, rand: () => number): Tone {
  const options = ([1, 2, 3, 4] as const).filter(
    (t) => t !== tone && !(t === 3 && (before === 3 || after === 3)),
  );
  return options[Math.floor(rand() * options.length)] ?? 1;
}

function pick<T>(list: readonly T[], rand: () => number): T | undefined {
  return list[Math.floor(rand() * list.length)];
}

/** sox's pitch effect (keeps the length) on 16 kHz mono PCM; no dither (-D), so the set is the same on every run. */
function soxPitch(pcm: Int16Array, cents: number): Int16Array {
  const raw = ['-t', 's16', '-r', String(VOICE_SAMPLE_RATE), '-c', '1'];
  const run = spawnSync('sox', ['-D', ...raw, '-', ...raw, '-', 'pitch', String(cents)], {
    input: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`sox failed: ${run.stderr.toString()}`);
  const out = new Int16Array(pcm.length);
  out.set(
    new Int16Array(
      run.stdout.buffer,
      run.stdout.byteOffset,
      Math.min(pcm.length, Math.floor(run.stdout.byteLength / 2)),
    ),
  );
  return out;
}

/** White noise at `snrDb` under the speech's loudness. */
function addNoise(pcm: Int16Array, snrDb: number, rand: () => number): void {
  let power = 0;
  let n = 0;
  for (const v of pcm) {
    if (Math.abs(v) > 300) {
      power += v * v;
      n++;
    }
  }
  const sd = Math.sqrt(power / Math.max(1, n) / 10 ** (snrDb / 10));
  for (let i = 0; i < pcm.length; i++) {
    // Sum of uniforms: close enough to Gaussian for a noise floor.
    const g = (rand() + rand() + rand() - 1.5) * 2;
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round((pcm[i] ?? 0) + g * sd)));
  }
}

/** Item `index` of the set: `text` read with the conditions and (for odd indices) wrong tones that index picks. */
export async function makeItem(
  text: string,
  index: number,
  split: Split = 'held-out',
): Promise<LabelledItem> {
  const rand = seeded(index * 7919 + (split === 'dev' ? 29 : 17));
  const voices = VOICES[split];
  const expected = expectedSyllables(text);
  const spoken: Tone[] = expected.map((s) => s.tone);
  if (index % 2 === 1) {
    const candidates = expected.map((s, k) => (s.tone === 5 ? -1 : k)).filter((k) => k >= 0);
    const howMany = Math.max(1, Math.round(candidates.length * WRONG_SHARE));
    for (let n = 0; n < howMany && candidates.length > 0; n++) {
      const k = candidates.splice(Math.floor(rand() * candidates.length), 1)[0] ?? 0;
      const sameClause = (j: number) => (expected[j]?.clause === expected[k]?.clause ? spoken[j] : undefined);
      spoken[k] = wrongTone(spoken[k] ?? 1, sameClause(k - 1), sameClause(k + 1), rand);
    }
  }
  const wpm = pick(SPEEDS, rand) ?? 175;
  const pitch = pick(voices.pitches, rand) ?? 50;
  const variant = pick(voices.variants, rand);
  const cents = pick(voices.shiftsCents, rand) ?? 0;
  // One synthesis per clause, so espeak's own third-tone sandhi never reaches across a clause.
  const clauses = [...new Set(expected.map((s) => s.clause))];
  const parts: SyllableAudio[] = [];
  for (const c of clauses) {
    const pinyins = expected.flatMap((s, k) =>
      s.clause === c ? [withTone(s.pinyin, spoken[k] ?? s.tone)] : [],
    );
    parts.push(await synthesiseSyllables(pinyins, { wpm, pitch, variant }));
  }
  const lead = Math.round(VOICE_SAMPLE_RATE * (0.15 + rand() * 0.4));
  const silences: number[] = [];
  const pcmParts: Int16Array[] = [];
  const spans: Array<[number, number]> = [];
  parts.forEach((part, i) => {
    const joined = joinSyllables(part);
    silences.push(i === 0 ? lead : Math.round(VOICE_SAMPLE_RATE * (0.35 + rand() * 0.35)));
    pcmParts.push(joined.pcm);
    spans.push(...joined.spans.map(([a, b]): [number, number] => [a, b]));
  });
  const tail = Math.round(VOICE_SAMPLE_RATE * 0.3);
  let pcm: Int16Array = new Int16Array(
    silences.reduce((s, v) => s + v, 0) + pcmParts.reduce((s, p) => s + p.length, 0) + tail,
  );
  const truth: Array<[number, number]> = [];
  let at = 0;
  let k = 0;
  pcmParts.forEach((part, i) => {
    at += silences[i] ?? 0;
    pcm.set(part, at);
    const count = parts[i]?.spans.length ?? 0;
    for (let j = 0; j < count; j++, k++) {
      const [a, b] = spans[k] ?? [0, 0];
      truth.push([((at + a) / VOICE_SAMPLE_RATE) * 1000, ((at + b) / VOICE_SAMPLE_RATE) * 1000]);
    }
    at += part.length;
  });
  if (cents !== 0) pcm = soxPitch(pcm, cents);
  const snr = 25 + rand() * 10;
  addNoise(pcm, snr, rand);
  const condition = `${wpm}wpm p${pitch} ${variant ?? 'default'} ${cents > 0 ? '+' : ''}${cents}c ${snr < 30 ? 'snr25-30' : 'snr30-35'}`;
  return { text, expected, spoken, pcm, truth, pauses: clauses.length - 1, condition };
}

/** Sentences from this index on are the dev half (the method is tuned on them); those before are held out. */
export const TUNING_FROM = 1500;

/** `count` sentences of one half of the set, spread evenly over it. */
export function splitSentences(split: Split, count: number): string[] {
  const sentences = hskSentences();
  const all = split === 'dev' ? sentences.slice(TUNING_FROM) : sentences.slice(0, TUNING_FROM);
  const step = Math.max(1, Math.floor(all.length / count));
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[i * step] ?? '').filter(
    (s) => s !== '',
  );
}

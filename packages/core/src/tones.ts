/**
 * Mandarin tones as the learner should say them: sandhi on written tones, and the shape of each tone that the
 * voice analysis compares a pitch curve with and the review draws under it.
 */
import type { AssessedSyllable, Tone } from './voice-api.js';

/** One syllable of a reference text: the character, its numbered pinyin (`hao3`), the tone said. */
export interface ExpectedSyllable {
  char: string;
  /** Numbered pinyin of the syllable as said (after sandhi), e.g. `ni2` in 你好. */
  pinyin: string;
  tone: Tone;
  /** Index of the clause (split at punctuation): 3-3 sandhi does not cross a clause. */
  clause: number;
}

/** A syllable as a dictionary reads it, before the third-tone sandhi. */
export interface WrittenSyllable {
  char: string;
  /** Numbered pinyin; a 0 or 5, or no digit, is the neutral tone. */
  pinyin: string;
  clause: number;
}

/** The tone number of numbered pinyin (`ma0`, `ma5` and `ma` are neutral). */
export function toneOf(numbered: string): Tone {
  const digit = /([1-5])$/.exec(numbered)?.[1];
  switch (digit) {
    case '1':
      return 1;
    case '2':
      return 2;
    case '3':
      return 3;
    case '4':
      return 4;
    default:
      return 5;
  }
}

/** Numbered pinyin with its tone replaced: `withTone('hao3', 2)` → `hao2`. */
export function withTone(numbered: string, tone: Tone): string {
  return `${numbered.replace(/[0-5]$/, '')}${tone}`;
}

/**
 * The third-tone sandhi: in a run of third tones inside one clause every syllable but the last is said
 * with the rising tone (我很好 wo2 hen2 hao3). Parsing a run into prosodic words would keep some low tones
 * (e.g. 小老虎 xiao3 lao2 hu3); the flat rule is what most teachers drill and what espeak-ng says.
 * 一 and 不 are changed earlier, by the pinyin converter, which knows the word they are in.
 */
export function applyThirdToneSandhi(syllables: readonly WrittenSyllable[]): ExpectedSyllable[] {
  const out: ExpectedSyllable[] = syllables.map((s) => ({
    ...s,
    pinyin: withTone(s.pinyin, toneOf(s.pinyin)),
    tone: toneOf(s.pinyin),
  }));
  for (let i = 0; i < out.length - 1; i++) {
    const here = out[i];
    const next = out[i + 1];
    if (here && next && here.tone === 3 && next.tone === 3 && here.clause === next.clause) {
      out[i] = { ...here, tone: 2, pinyin: withTone(here.pinyin, 2) };
    }
  }
  return out;
}

/**
 * Each tone's pitch shape as five points on the speaker's range (-1 = lowest, 1 = highest), from Chao's
 * tone letters (1: 55, 2: 35, 3: 214, 4: 51); the rising tone rises late, as it does in running speech. The neutral tone has no shape of its own: it is short and
 * follows the tone before it, so it is drawn as a short mid level.
 */
export const TONE_SHAPES: Readonly<Record<Tone, readonly number[]>> = {
  1: [0.8, 0.8, 0.8, 0.8, 0.8],
  2: [-0.3, -0.35, -0.15, 0.2, 0.65],
  3: [-0.45, -0.8, -1, -0.8, -0.3],
  4: [0.7, 0.4, -0.05, -0.5, -0.95],
  5: [0, 0, 0, 0, 0],
};

/** The half third tone (21): a third tone before another tone mostly stays low and never rises. */
export const HALF_THIRD_SHAPE: readonly number[] = [-0.4, -0.65, -0.85, -0.95, -1];

const TONE_MARKS: Readonly<Record<string, string>> = {
  a: 'āáǎà',
  e: 'ēéěè',
  i: 'īíǐì',
  o: 'ōóǒò',
  u: 'ūúǔù',
  ü: 'ǖǘǚǜ',
};

const MARK_TONES: Readonly<Record<string, Tone>> = Object.fromEntries(
  Object.values(TONE_MARKS).flatMap((marks) =>
    [...marks].map((m, i): [string, Tone] => [m, toneOf(`a${i + 1}`)]),
  ),
);

/** The marked tones of written pinyin in order: `nǐ hǎo` → [3, 3]; a neutral syllable carries no mark and is absent. */
export function markedTones(pinyin: string): Tone[] {
  return [...pinyin.normalize('NFC')].flatMap((c) => {
    const tone = MARK_TONES[c];
    return tone === undefined ? [] : [tone];
  });
}

/** Numbered pinyin with a tone mark, for reading: `hao3` → `hǎo`, `lv4` → `lǜ`, `ma5` → `ma`. */
export function markedPinyin(numbered: string): string {
  const tone = toneOf(numbered);
  const base = numbered
    .replace(/[0-5]$/, '')
    .replace(/u:|v/g, 'ü')
    .toLowerCase();
  if (tone === 5) return base;
  // The mark goes on a or e; on the o of ou; otherwise on the last vowel.
  const at = /[ae]/.exec(base)?.index ?? (base.includes('ou') ? base.indexOf('o') : lastVowel(base));
  const vowel = base[at];
  const marks = vowel === undefined ? undefined : TONE_MARKS[vowel];
  if (at < 0 || marks === undefined) return base;
  return base.slice(0, at) + (marks[tone - 1] ?? vowel) + base.slice(at + 1);
}

function lastVowel(s: string): number {
  for (let i = s.length - 1; i >= 0; i--) if ('aeiouü'.includes(s[i] ?? '')) return i;
  return -1;
}

/** Names of the tones by their shape, the words the review uses ("you said a level tone, it dips"). */
export const TONE_NAMES = {
  1: 'level',
  2: 'rising',
  3: 'dipping',
  4: 'falling',
  5: 'neutral',
} as const satisfies Record<Tone, string>;

/** A heard tone other than the expected one is called wrong only when the classifier is at least this sure (old reports). */
export const TONE_FLAG_CONFIDENCE = 0.6;

/**
 * A syllable is marked wrong only when the classifier gives the expected tone at most this probability, a
 * threshold per expected tone (the neutral tone is never marked): calibrated on held-out human voices so
 * that a "wrong" mark is right at least 90 % of the time and at most 4.5 % of right tones are shown wrong
 * (`npm run train:tones` prints them; the weights file records them and a test holds the two equal).
 */
export const TONE_WRONG_AT_MOST: Readonly<Record<Tone, number>> = {
  1: 0.3,
  2: 0.05,
  3: 0.05,
  4: 0.05,
  5: 0,
};

/**
 * A "wrong" mark is called almost certain when the expected tone's probability is at most this share of its
 * threshold, and probable above it (the eval prints how often each kind of mark is right across speakers).
 */
export const TONE_CERTAIN_SHARE = 0.25;

/** How sure a "wrong" mark is, for the words that tell the learner (old reports, without a probability, are probable). */
export function toneCertainty(
  s: Pick<AssessedSyllable, 'expected_tone' | 'expected_probability'>,
): 'certain' | 'probable' {
  return s.expected_probability !== undefined &&
    s.expected_probability <= TONE_CERTAIN_SHARE * TONE_WRONG_AT_MOST[s.expected_tone]
    ? 'certain'
    : 'probable';
}

/**
 * How a syllable's tone is judged: right, wrong (sure enough to tell the learner), or unsure. Only
 * "wrong" with a low probability of the expected tone is shown as wrong; the rest of the misses are "not sure".
 */
export function toneVerdict(
  s: Pick<AssessedSyllable, 'expected_tone' | 'heard_tone' | 'confidence' | 'expected_probability'>,
): 'right' | 'wrong' | 'unsure' {
  if (s.heard_tone === null) return 'unsure';
  if (s.heard_tone === s.expected_tone) return 'right';
  if (s.expected_probability !== undefined)
    return s.expected_tone !== 5 && s.expected_probability <= TONE_WRONG_AT_MOST[s.expected_tone]
      ? 'wrong'
      : 'unsure';
  return s.confidence >= TONE_FLAG_CONFIDENCE ? 'wrong' : 'unsure';
}

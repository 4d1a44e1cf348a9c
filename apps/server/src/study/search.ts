import { hasHan, looksLikePinyin, plainPinyin } from '@kouyu/core';

/** What a search box text means: characters, or folded pinyin and/or words of a translation. */
export interface SearchTerms {
  /** The text as typed (trimmed). */
  raw: string;
  /** Characters were typed: match the characters only. */
  han: boolean;
  /** Toneless pinyin without spaces, when the text can be pinyin. */
  pinyin: string | null;
  /** The typed pinyin in pieces, each with the tone typed after it (`mao1` → mao, 1), when it can be pinyin. */
  syllables: readonly Syllable[] | null;
  /** Folded text (see foldText) for translation matches. */
  text: string;
}

/** Lower case, ё as е (Russian readers often type е), single spaces: how glosses and queries are compared. */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** Toneless pinyin letters only (`yi1 bu4 zuo4, er4…` → `yibuzuoer…`). */
export function foldPinyin(text: string): string {
  return plainPinyin(text).replace(/[^a-z]/g, '');
}

/** A syllable (or a run of letters typed without a break) and its tone; null when none is known. */
export interface Syllable {
  letters: string;
  tone: 1 | 2 | 3 | 4 | 5 | null;
}

const MARK_TONES: Record<string, 1 | 2 | 3 | 4> = { '\u0304': 1, '\u0301': 2, '\u030c': 3, '\u0300': 4 };

/**
 * Pinyin read into syllables with their tones, from tone numbers (`mao4 zi5`, `yin2hang2`; 0 or 5 is
 * the neutral tone) or tone marks (`lǐ suǒ`; a syllable without a mark is neutral). Letters are folded
 * as `plainPinyin` folds them. A stretch of letters with no break is one piece (`yinhang`), its tone
 * unknown unless a number or a single mark gives it.
 */
export function pinyinSyllables(text: string, toneless: 'neutral' | 'unknown' = 'neutral'): Syllable[] {
  const out: Syllable[] = [];
  const decomposed = text.normalize('NFD').toLowerCase();
  for (const m of decomposed.matchAll(/((?:[a-z:v]|\p{M})+)([0-5]?)/gu)) {
    const word = m[1] ?? '';
    const marks = [...word].flatMap((c) => (MARK_TONES[c] ? [MARK_TONES[c]] : []));
    const letters = foldPinyin(word);
    if (!letters) continue;
    const digit = m[2] ?? '';
    const tone =
      digit !== ''
        ? digit === '0' || digit === '5'
          ? 5
          : (Number(digit) as 1 | 2 | 3 | 4)
        : marks.length === 1
          ? (marks[0] ?? null)
          : marks.length === 0 && toneless === 'neutral'
            ? 5
            : null;
    out.push({ letters, tone });
  }
  return out;
}

/** Reads a search text (see SearchTerms). */
export function searchTerms(input: string): SearchTerms {
  const raw = input.trim();
  const han = hasHan(raw);
  const pinyin = !han && looksLikePinyin(raw) ? foldPinyin(raw) : '';
  return {
    raw,
    han,
    pinyin: pinyin.length > 0 ? pinyin : null,
    // What the learner typed without a number says nothing of the tone.
    syllables: pinyin.length > 0 ? pinyinSyllables(raw, 'unknown') : null,
    text: foldText(raw),
  };
}

// An entry's reading in syllables, read once per entry (entries are made once per content load).
const readings = new WeakMap<Searchable, Syllable[]>();
const readingOf = (e: Searchable): Syllable[] => {
  let r = readings.get(e);
  if (!r) readings.set(e, (r = pinyinSyllables(e.pinyin)));
  return r;
};

const sameTone = (a: Syllable['tone'], b: Syllable['tone']) => a === null || b === null || a === b;

/**
 * Where the typed pieces match the reading from syllable `start` on: 'whole' when they cover it to its
 * end, 'part' when they stop earlier (the last piece may stop inside a syllable: it is being typed), or
 * null. A piece matches whole syllables, one or more (`yinhang` covers yin + hang); a tone typed after it
 * must be the tone of its last syllable.
 */
function matchFrom(
  reading: readonly Syllable[],
  start: number,
  typed: readonly Syllable[],
  p = 0,
): 'whole' | 'part' | null {
  const piece = typed[p];
  if (!piece) return start === reading.length ? 'whole' : 'part';
  const last = p === typed.length - 1;
  let acc = '';
  for (let k = start; k < reading.length; k++) {
    const syllable = reading[k];
    if (!syllable) break;
    acc += syllable.letters;
    if (acc === piece.letters) {
      if (!sameTone(piece.tone, syllable.tone)) return null;
      const rest = matchFrom(reading, k + 1, typed, p + 1);
      if (rest) return rest;
    } else if (last && piece.tone === null && acc.startsWith(piece.letters)) {
      return 'part';
    }
    if (!piece.letters.startsWith(acc)) break;
  }
  return null;
}

/** How typed pinyin meets a reading: from its first syllable, whole (0) or as a start (2); or later (5). */
function pinyinRank(reading: readonly Syllable[], typed: readonly Syllable[]): 0 | 2 | 5 | null {
  const first = matchFrom(reading, 0, typed);
  if (first === 'whole') return 0;
  if (first === 'part') return 2;
  for (let i = 1; i < reading.length; i++) if (matchFrom(reading, i, typed)) return 5;
  return null;
}

/** What a dictionary entry offers to a search, prepared once when the content is loaded. */
export interface Searchable {
  /** Simplified and traditional forms. */
  chars: readonly string[];
  /** The reading as written: tone numbers (`yin2 hang2`) or tone marks (`yín háng`). */
  pinyin: string;
  /** foldText of the gloss in the UI language ('' when there is none). */
  gloss: string;
  /** The Chinese meaning, searched by characters for Chinese readers. */
  meaningZh?: string;
}

// Syntax characters only: the `u` flag refuses other escapes.
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const LETTER = '[\\p{L}\\p{N}]';

/**
 * The rank of an entry for a search, lower is closer; null when it does not match. Characters: equal,
 * starts with, contains, then the Chinese meaning. Other text: equal pinyin, a whole gloss item
 * (`bank` in `bank; CL:家`, verbs with or without `to`), pinyin from the first syllable, a whole word
 * of the gloss, the start of a word (what is being typed), pinyin from a later syllable. Pinyin matches
 * whole syllables only (`ma` is not inside `mao`), and a tone number typed is respected (`mao1`).
 */
export function ranker(terms: SearchTerms): (entry: Searchable) => number | null {
  if (terms.han) {
    const q = terms.raw;
    return (e) => {
      if (e.chars.includes(q)) return 0;
      if (e.chars.some((c) => c.startsWith(q))) return 1;
      if (e.chars.some((c) => c.includes(q))) return 2;
      return e.meaningZh?.includes(q) ? 3 : null;
    };
  }
  const { text, syllables } = terms;
  const word = escapeRegex(text);
  const item = new RegExp(`(?:^|[;,]\\s*)(?:to\\s+)?${word}\\s*(?:$|[;,(])`, 'u');
  const whole = new RegExp(`(?<!${LETTER})${word}(?!${LETTER})`, 'u');
  const start = new RegExp(`(?<!${LETTER})${word}`, 'u');
  return (e) => {
    const inGloss = text.length > 0 && e.gloss.includes(text);
    const sound = syllables && syllables.length > 0 ? pinyinRank(readingOf(e), syllables) : null;
    if (sound === 0) return 0;
    if (inGloss && item.test(e.gloss)) return 1;
    if (sound === 2) return 2;
    if (inGloss && whole.test(e.gloss)) return 3;
    if (inGloss && start.test(e.gloss)) return 4;
    return sound;
  };
}

/** The entries matching a search, closest first; `tieBreak` orders entries of the same rank. */
export function searchEntries<T>(
  entries: readonly T[],
  search: string,
  fields: (entry: T) => Searchable,
  tieBreak: (a: T, b: T) => number,
): T[] {
  const rank = ranker(searchTerms(search));
  const hits: { entry: T; rank: number }[] = [];
  for (const entry of entries) {
    const r = rank(fields(entry));
    if (r !== null) hits.push({ entry, rank: r });
  }
  hits.sort((a, b) => a.rank - b.rank || tieBreak(a.entry, b.entry));
  return hits.map((h) => h.entry);
}

import { hasHan, looksLikePinyin, plainPinyin } from '@kouyu/core';

/** What a search box text means: characters, or folded pinyin and/or words of a translation. */
export interface SearchTerms {
  /** The text as typed (trimmed). */
  raw: string;
  /** Characters were typed: match the characters only. */
  han: boolean;
  /** Toneless pinyin without spaces, when the text can be pinyin. */
  pinyin: string | null;
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

/** Reads a search text (see SearchTerms). */
export function searchTerms(input: string): SearchTerms {
  const raw = input.trim();
  const han = hasHan(raw);
  const pinyin = !han && looksLikePinyin(raw) ? foldPinyin(raw) : '';
  return { raw, han, pinyin: pinyin.length > 0 ? pinyin : null, text: foldText(raw) };
}

/** What a dictionary entry offers to a search, prepared once when the content is loaded. */
export interface Searchable {
  /** Simplified and traditional forms. */
  chars: readonly string[];
  /** foldPinyin of the reading. */
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
 * (`bank` in `bank; CL:家`, verbs with or without `to`), pinyin prefix, a whole word of the gloss,
 * the start of a word (what is being typed), pinyin inside.
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
  const { text, pinyin } = terms;
  const word = escapeRegex(text);
  const item = new RegExp(`(?:^|[;,]\\s*)(?:to\\s+)?${word}\\s*(?:$|[;,(])`, 'u');
  const whole = new RegExp(`(?<!${LETTER})${word}(?!${LETTER})`, 'u');
  const start = new RegExp(`(?<!${LETTER})${word}`, 'u');
  return (e) => {
    const inGloss = text.length > 0 && e.gloss.includes(text);
    if (pinyin && e.pinyin === pinyin) return 0;
    if (inGloss && item.test(e.gloss)) return 1;
    if (pinyin && e.pinyin.startsWith(pinyin)) return 2;
    if (inGloss && whole.test(e.gloss)) return 3;
    if (inGloss && start.test(e.gloss)) return 4;
    if (pinyin && e.pinyin.includes(pinyin)) return 5;
    return null;
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

/** What the grammar patterns read off a tagged word: whether it acts or describes, and how it was said. */
import { lexicon } from './lexicon.js';
import type { Token } from './segment.js';

// The tagger calls many verbs nouns (见面/n, 唱歌/n): the lexicon's part of speech decides then.
export const isVerb = (t: Token | undefined): boolean =>
  t !== undefined &&
  ((/^v/.test(t.tag) && t.tag !== 'vn') ||
    (/^(n|vn)$/.test(t.tag) && (lexicon().entry(t.word)?.pos ?? '').startsWith('v')));
export const isAdjective = (t: Token | undefined): boolean => t !== undefined && /^a/.test(t.tag);
// 忙 / 累 / 可爱 are tagged verbs: the lexicon says they describe.
export const describes = (t: Token | undefined): boolean =>
  isAdjective(t) || (t !== undefined && /^a/.test(lexicon().entry(t.word)?.pos ?? ''));
export const said = (ts: readonly (Token | undefined)[]): string =>
  ts
    .filter((t): t is Token => t !== undefined)
    .map((t) => t.word)
    .join('');

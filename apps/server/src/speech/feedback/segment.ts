/**
 * Word segmentation with parts of speech for the examiner's measures: jieba (jieba-wasm, loaded on
 * first use) when it loads, else the runtime's Intl.Segmenter with tags from a small function-word
 * lexicon. Tags follow jieba's (ICTCLAS) set: n… noun, v… verb, a… adjective, r pronoun, d adverb,
 * p preposition, c conjunction, u… particle, y modal, e interjection, m numeral, q measure word,
 * x punctuation, eng Latin letters.
 */
import { readNumerals } from '@kouyu/core';
import { lexicon } from './lexicon.js';

export interface Token {
  word: string;
  tag: string;
}

export type Tagger = (text: string) => Token[];

export const HAN = /\p{Script=Han}/u;
const LATIN = /[a-z]/i;
const PUNCT = /^[\p{P}\p{S}\s]+$/u;

/** Grammar words whose tag jieba gets wrong or odd (很 → zg), and the fallback's whole lexicon. */
const FUNCTION_TAGS: Record<string, string> = {
  ...Object.fromEntries(
    '我 你 他 她 它 我们 你们 他们 她们 大家 自己 这 那 这个 那个 这儿 那儿 这里 那里 这些 那些 别人 谁 什么 哪 哪儿 怎么'
      .split(' ')
      .map((w) => [w, 'r']),
  ),
  ...Object.fromEntries(
    '很 也 都 还 就 才 又 再 不 没 没有 最 太 更 比较 非常 特别 常常 经常 已经 一起 一直 马上 正在 有时候 一定 真 挺 只 只是 当然 其实 首先 其次 最后'
      .split(' ')
      .map((w) => [w, 'd']),
  ),
  ...Object.fromEntries('在 和 跟 给 从 对 把 被 比 离 向 往 为了 关于'.split(' ').map((w) => [w, 'p'])),
  ...Object.fromEntries(
    '因为 所以 但是 虽然 而且 可是 如果 然后 或者 还是 不过 另外 总之 因此 而 并且 不但 只要 就是说 那么 于是 后来'
      .split(' ')
      .map((w) => [w, 'c']),
  ),
  ...Object.fromEntries('的 地 得 了 着 过'.split(' ').map((w) => [w, 'u'])),
  ...Object.fromEntries('吗 呢 吧 啊 呀 嘛'.split(' ').map((w) => [w, 'y'])),
  ...Object.fromEntries('嗯 呃 额 唉 哦'.split(' ').map((w) => [w, 'e'])),
  ...Object.fromEntries('是 有 要 会 能 可以 想'.split(' ').map((w) => [w, 'v'])),
};

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * The fallback tagger: Intl.Segmenter words, function words from the lexicon, and every other Chinese
 * word as an untyped content word ('l', which may be a subject or a predicate).
 */
export const fallbackTagger: Tagger = (text) => {
  const out: Token[] = [];
  for (const { segment } of segmenter.segment(text)) {
    if (/^\s+$/u.test(segment)) continue;
    const known = FUNCTION_TAGS[segment];
    const tag =
      known ??
      (PUNCT.test(segment)
        ? 'x'
        : /^[\d零一二两三四五六七八九十百千万几]+$/u.test(segment)
          ? 'm'
          : LATIN.test(segment)
            ? 'eng'
            : 'l');
    out.push({ word: segment, tag });
  }
  return out;
};

// Degree and negation words jieba's dictionary sometimes glues to the word they modify.
const PREFIXES = new Set(['很', '太', '最', '真', '不', '没', '也', '都', '还', '更']);

/** Corrects a jieba token: lexicon tags for grammar words, glued adverbs split off. */
function refine(t: { word: string; tag: string }): Token[] {
  const known = FUNCTION_TAGS[t.word];
  if (known) return [{ word: t.word, tag: known }];
  const chars = [...t.word];
  const first = chars[0] ?? '';
  if (chars.length >= 3 && PREFIXES.has(first) && /^(n|x|l)/.test(t.tag))
    return [
      { word: first, tag: 'd' },
      { word: chars.slice(1).join(''), tag: 'a' },
    ];
  if (t.tag === 'x' && HAN.test(t.word)) return [{ word: t.word, tag: 'l' }];
  // A verb glued to its object and tagged as a name or noun (喝咖啡/nr) is a verb and its object.
  if (chars.length >= 3 && !t.tag.startsWith('v')) {
    const lex = lexicon();
    const rest = chars.slice(1).join('');
    if ((lex.entry(first)?.pos ?? '').startsWith('v') && (lex.entry(rest)?.pos ?? '').includes('n'))
      return [
        { word: first, tag: 'v' },
        { word: rest, tag: 'n' },
      ];
  }
  return [{ word: t.word, tag: t.tag }];
}

let loading: Promise<{ tagger: Tagger; engine: string }> | null = null;

/** jieba when its WASM loads, the fallback otherwise; loaded once, on first use. */
export function loadTagger(): Promise<{ tagger: Tagger; engine: string }> {
  loading ??= import('jieba-wasm')
    .then((jieba) => {
      // Dictionary words only (no HMM guesses): the guesses glue grammar words onto content words
      // ("很漂亮", "这是", "不去") and tag them as nouns or punctuation.
      const tagger: Tagger = (text) => jieba.tag(text, false).flatMap(refine);
      // One call proves the WASM works here before every review relies on it.
      tagger('我会说汉语。');
      return { tagger, engine: 'jieba' };
    })
    .catch(() => ({ tagger: fallbackTagger, engine: 'intl-segmenter' }));
  return loading;
}

/** Hesitation sounds and marks a recogniser writes for them. */
export function isFiller(t: Token): boolean {
  return t.tag === 'e' || /^[…。.]{2,}$|^…+$/u.test(t.word);
}

/** What an answer is written in: shares of Chinese characters and of Latin letters among its letters. */
export interface Script {
  han: number;
  latin: number;
  /** Latin letters that read as pinyin syllables rather than English words. */
  pinyin: boolean;
}

const PINYIN_SYLLABLE =
  /^(?:[bpmfdtnlgkhjqxrzcsyw]|zh|ch|sh)?(?:a|o|e|i|u|v|ü|ai|ei|ao|ou|an|en|ang|eng|ong|er|ia|ie|iao|iu|ian|in|iang|ing|iong|ua|uo|uai|ui|uan|un|uang|ue|üe|üan|ün)(?:[1-5])?$/i;

export function scriptOf(text: string): Script {
  const letters = [...text].filter((c) => HAN.test(c) || LATIN.test(c));
  const han = letters.filter((c) => HAN.test(c)).length;
  const latin = letters.length - han;
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-zü1-5]+/u)
    .filter(Boolean);
  // Pinyin written as words ("xihuan") is split greedily into syllables.
  const syllabic = (w: string): boolean => {
    for (let len = Math.min(6, w.length); len > 0; len--)
      if (PINYIN_SYLLABLE.test(w.slice(0, len)) && (len === w.length || syllabic(w.slice(len)))) return true;
    return false;
  };
  const pinyinWords = words.filter(syllabic).length;
  const total = Math.max(1, letters.length);
  return {
    han: han / total,
    latin: latin / total,
    pinyin: words.length > 0 && pinyinWords / words.length >= 0.8,
  };
}

/** Tokens of an answer as said: full-width forms folded and numerals read as spoken (3点 → 三点). */
export function tagAnswer(tagger: Tagger, text: string): Token[] {
  return tagger(readNumerals(text.normalize('NFKC')));
}

/**
 * Splits tokens into clauses at punctuation and hesitations (a recogniser's pause marks). A list
 * after a colon (我家有四个人：爸爸、妈妈和我) belongs to the sentence it spells out.
 */
export function clausesOf(tokens: readonly Token[]): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  let listing = false;
  for (const t of tokens) {
    if (/^[：:]$/.test(t.word) && current.length) {
      listing = true;
      continue;
    }
    if (listing && t.word === '、') continue;
    if (t.tag === 'x' || isFiller(t)) {
      listing = false;
      if (current.length) out.push(current);
      current = [];
      continue;
    }
    current.push(t);
  }
  if (current.length) out.push(current);
  return out;
}

/** Chinese characters of a clause. */
export function hanLength(tokens: readonly Token[]): number {
  let n = 0;
  for (const t of tokens) for (const c of t.word) if (HAN.test(c)) n++;
  return n;
}

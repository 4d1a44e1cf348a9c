/**
 * What kind of thing a word names (跑步 a sport, 妹妹 family, 图书馆 a place) and its part of speech,
 * from the lexicon built by scripts/content/build-lexicon.mjs (CC-CEDICT glosses mapped to WordNet
 * hypernyms, HSK 2025 parts of speech). The examiner uses it to hear an answer said in other words:
 * 游泳 answers 什么运动, 咖啡 is on the topic of a question about 茶.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const LEXICON_FILE = fileURLToPath(
  new URL('../../db/seed/data/lexicon/lexicon.json', import.meta.url),
);

const lexiconSchema = z.object({
  version: z.literal(1),
  classes: z.record(z.string(), z.array(z.string())),
  words: z.record(z.string(), z.string()),
});

export interface LexiconEntry {
  /** HSK parts of speech, first listed first: n noun, v verb, a adjective, q measure word, … */
  pos: string;
  classes: ReadonlySet<string>;
}

export interface Lexicon {
  /** The entry of a word; a compound the list lacks takes its head's (绿茶 → 茶, 做饭 → 饭). */
  entry(word: string): LexiconEntry | undefined;
  /** The class a word names as a whole (运动 → sport, 家人 → family), if it names one. */
  names(word: string): string | undefined;
  /** Whether a word is a kind of the class or of the class another word names (跑步 ⊂ 运动). */
  isA(word: string, kind: string): boolean;
}

// Classes too wide to make a word a kind of what a topic word names: actions, and times (有时间的时候
// frames a question; 明天 does not answer it).
const ACTIONS = new Set(['move', 'speak', 'think', 'make', 'eat', 'compete', 'time']);
// Classes too wide to say two words are kinds of the same thing (both people, both pastimes, both times).
const WIDE = new Set([...ACTIONS, 'person', 'feeling', 'leisure', 'time', 'study', 'work']);
const NO_CLASSES: ReadonlySet<string> = new Set();

/** Builds a lexicon from its data (the built file by default). */
export function makeLexicon(data: unknown): Lexicon {
  const parsed = lexiconSchema.parse(data);
  const entries = new Map<string, LexiconEntry>();
  for (const [word, value] of Object.entries(parsed.words)) {
    const [first = '', ...rest] = value.split(' ');
    const isPos = /^[nvadqrmpcue]*$/.test(first);
    entries.set(word, {
      pos: isPos ? first : '',
      classes: new Set(isPos ? rest : [first, ...rest].filter(Boolean)),
    });
  }
  const named = new Map<string, string>();
  for (const [id, words] of Object.entries(parsed.classes))
    for (const w of words) if (!named.has(w)) named.set(w, id);
  const cache = new Map<string, LexiconEntry | undefined>();
  const entry = (word: string): LexiconEntry | undefined => {
    if (cache.has(word)) return cache.get(word);
    let found = entries.get(word);
    const chars = [...word];
    // Chinese compounds are right-headed (绿茶 is a tea); a verb-object word (做饭, 看书) is about its object.
    // Numerals and measure words (一个, 三次) are not compounds of their measure word's sense.
    const compound = !found || found.pos === '' || found.pos.includes('n') || found.pos.includes('v');
    for (let i = 1; compound && !found?.classes.size && i < chars.length; i++) {
      const tail = entries.get(chars.slice(i).join(''));
      const nominal = !tail?.pos || tail.pos.includes('n');
      if (tail?.classes.size && nominal) found = { pos: found?.pos || tail.pos, classes: tail.classes };
    }
    if (cache.size > 5000) cache.clear();
    cache.set(word, found);
    return found;
  };
  return {
    entry,
    names: (word) => named.get(word),
    isA: (word, kind) => {
      const id = named.get(kind) ?? kind;
      return (entry(word)?.classes ?? NO_CLASSES).has(id);
    },
  };
}

let loaded: Lexicon | null = null;

/** The project's lexicon, read once on first use. */
export function lexicon(): Lexicon {
  loaded ??= makeLexicon(JSON.parse(readFileSync(LEXICON_FILE, 'utf8')));
  return loaded;
}

// Every answer word is compared with every topic word: their narrow classes are kept once worked out.
const narrowCache = new WeakMap<Lexicon, Map<string, string[]>>();

/** The classes of a word that are narrow enough to name a topic (sport, drink, family, place…). */
export function topicClasses(lex: Lexicon, word: string): string[] {
  let cache = narrowCache.get(lex);
  if (!cache) narrowCache.set(lex, (cache = new Map()));
  const hit = cache.get(word);
  if (hit) return hit;
  const named = lex.names(word);
  const own = [...(lex.entry(word)?.classes ?? NO_CLASSES)];
  const narrow = [...new Set(named ? [named, ...own] : own)].filter((c) => !WIDE.has(c));
  if (cache.size > 20_000) cache.clear();
  cache.set(word, narrow);
  return narrow;
}

/**
 * How an answer's word relates to a topic word: the same word (1), a kind of what the topic word
 * names (跑步 for 运动: 1), or a kind of the same thing (咖啡 beside 茶: 0.6); 0 when unrelated.
 */
export function relatedness(lex: Lexicon, word: string, topic: string): number {
  if (word === topic) return 1;
  const named = lex.names(topic);
  if (named && !ACTIONS.has(named) && lex.isA(word, named)) return 1;
  const mine = topicClasses(lex, word);
  if (mine.length === 0) return 0;
  // A word that names a class (饮料) stands for that class alone: 米饭 is food as drinks are, but not a drink.
  const theirs = new Set(named && !WIDE.has(named) ? [named] : topicClasses(lex, topic));
  return mine.some((c) => theirs.has(c)) ? SIBLING : 0;
}
const SIBLING = 0.6;

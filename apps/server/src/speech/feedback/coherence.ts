/**
 * Coherence and grammar (HSKK: "complete sentences, ideas linked"): how much of the answer is said in
 * clauses with a predicate and a subject or grammar words, whether words or clauses are repeated,
 * and which connectives join the ideas. A string of keywords or one word said again and again is
 * the low band however on-topic its words are.
 */
import { grammarErrors } from './grammar.js';
import { round2 } from './measure.js';
import { clausesOf, hanLength } from './segment.js';
import type { Token } from './segment.js';
import type { CoherenceMeasure } from './types.js';

/** Words that link ideas, as HSKK examiners look for them. */
const CONNECTIVES = new Set([
  '因为',
  '所以',
  '但是',
  '可是',
  '虽然',
  '而且',
  '如果',
  '然后',
  '另外',
  '首先',
  '其次',
  '最后',
  '总之',
  '比如',
  '不过',
  '后来',
  '因此',
  '并且',
  '不但',
  '还有',
  '第一',
  '第二',
  '第三',
  '当然',
  '其实',
  '相反',
  '以后',
  '以前',
  '的时候',
]);
const GRAMMAR_TAGS = /^(r|d|p|c|u|y|zg|ul|uj|uz|ug|uv|ud)/;
const PARTICLE_TAGS = /^(u|y|x|e)/;
// A clause this short without a subject is a fragment ("看电脑", "最喜欢").
const SENTENCE_MIN_CHARS = 4;
const CONNECTIVE_BONUS = 0.05;
const CONNECTIVE_BONUS_MAX = 0.15;
// An answer of one short fragment ("猫。", "两年。") is elliptical: a fair reply to a quick question.
const ELLIPTICAL_MAX_CHARS = 3;
const ELLIPTICAL_SCORE = 0.5;
const REPETITION_WEIGHT = 1.6;
const REPETITION_PENALTY_MAX = 0.75;
// Each grammar error found (我下班五点, 是很贵) costs this share of the mark, up to two.
const GRAMMAR_COST = 0.3;
const GRAMMAR_COUNTED = 2;

const isPredicate = (t: Token): boolean => /^(v|a|l|i)/.test(t.tag) && t.tag !== 'vn';
const ASPECT = /^(了|过|着)$/;
// Prepositions, times and places that open a sentence before its comma.
const FRONTED_TAGS = /^(p|t|f|s)$/;
/**
 * The tagger calls many verbs and adjectives nouns (干杯/n, 聊天/nz, 新鲜/ns, 太重/n, 穿/zg). A word right
 * after an adverb (一起干杯, 非常新鲜) or right before an aspect particle (太重了) is predicated
 * whatever its tag.
 */
function predicateAt(clause: readonly Token[], i: number): boolean {
  const t = clause[i];
  if (!t) return false;
  if (isPredicate(t)) return true;
  // zg: the tagger's single-character morphemes, verbs among them (穿/zg 了).
  if (!/^(n|vn|zg)/.test(t.tag)) return false;
  const before = clause[i - 1];
  const after = clause[i + 1];
  // 他在医院工作/vn: a verbal noun after a prepositional phrase is what the subject does there.
  const verbal =
    t.tag === 'vn' && before !== undefined && /^n/.test(before.tag) && clause[i - 2]?.tag === 'p';
  return (
    verbal ||
    (before !== undefined && /^(d|ad)$/.test(before.tag)) ||
    (after !== undefined && ASPECT.test(after.word))
  );
}
// Numbers, prices, ages and dates are predicates of their own in Chinese (我今年二十岁, 手机两千块).
const isNominalPredicate = (t: Token): boolean => t.tag === 'm' || t.tag === 'mq';
const isSubject = (t: Token): boolean => /^(r|n|t|s|m)/.test(t.tag) || t.tag === 'vn';

/** Whether a clause is a sentence (or a full predicate with grammar words) rather than a listed word. */
function isSentence(clause: readonly Token[]): boolean {
  const chars = hanLength(clause);
  if (clause.length < 2 || chars < 3) return false;
  let first = clause.findIndex((_, i) => predicateAt(clause, i));
  if (first < 0) {
    const numeral = clause.findIndex(isNominalPredicate);
    if (numeral <= 0) return false;
    first = numeral;
  }
  const subject = clause.slice(0, first).some(isSubject);
  const pronoun = clause.some((t) => t.tag === 'r');
  // 有一个人 / 是火车站: existence and identity need no subject; a pronoun subject makes a sentence.
  if (first === 0 && /^(有|是)$/.test(clause[0]?.word ?? '')) return true;
  if (pronoun && chars >= SENTENCE_MIN_CHARS) return true;
  const grammar = clause.some((t) => GRAMMAR_TAGS.test(t.tag));
  if (chars < SENTENCE_MIN_CHARS) return pronoun;
  return subject || grammar;
}

/**
 * Repeats: a word said again inside its clause or as a clause of its own ("面条，面条"), a pair of
 * words said again ("猫狗猫狗"), or a clause said again word for word. A word that ends one sentence
 * and starts the next ("我喜欢晴天，晴天很好") is how Chinese chains topics, not a repeat.
 */
function repetition(tokens: readonly Token[], clauses: readonly Token[][]): number {
  const words: { word: string; clause: number; alone: boolean }[] = [];
  clauses.forEach((c, i) => {
    const content = c.filter((t) => !PARTICLE_TAGS.test(t.tag));
    for (const t of content) words.push({ word: t.word, clause: i, alone: content.length === 1 });
  });
  if (words.length === 0 || tokens.length === 0) return 0;
  let repeats = 0;
  for (let i = 1; i < words.length; i++) {
    const cur = words[i];
    const prev = words[i - 1];
    if (!cur || !prev) continue;
    const same = cur.word === prev.word && (cur.clause === prev.clause || cur.alone || prev.alone);
    const pair = i > 2 && cur.word === words[i - 2]?.word && prev.word === words[i - 3]?.word;
    if (same || pair) repeats++;
  }
  const seen = new Set<string>();
  let sameClauses = 0;
  for (const c of clauses) {
    const text = c.map((t) => t.word).join('');
    if (seen.has(text)) sameClauses += c.length;
    seen.add(text);
  }
  return Math.min(1, (repeats + sameClauses) / words.length);
}

/** The share of the coherence mark a number of grammar errors leaves. */
export const grammarShare = (errors: number): number => 1 - GRAMMAR_COST * Math.min(GRAMMAR_COUNTED, errors);

/** The coherence measure of a tagged answer; `quick` for a listen-and-answer question, where one word may do. */
export function measureCoherence(tokens: readonly Token[], quick = false): CoherenceMeasure {
  const clauses = clausesOf(tokens).filter((c) => hanLength(c) > 0);
  const total = clauses.reduce((s, c) => s + hanLength(c), 0);
  if (total === 0)
    return {
      score: 0,
      clauses: 0,
      sentences: 0,
      sentence_share: 0,
      repetition: 0,
      connectives: [],
      pattern: 'fragments',
    };
  let inSentences = 0;
  let sentences = 0;
  const connectives = new Set<string>();
  const sentenceFlags = clauses.map(isSentence);
  clauses.forEach((c, i) => {
    // 为了我们的友谊，大家一起干杯 / 上个周末，我们去爬山: a fronted phrase belongs to the sentence after it.
    if (!sentenceFlags[i] && sentenceFlags[i + 1] && FRONTED_TAGS.test(c[0]?.tag ?? ''))
      inSentences += hanLength(c);
  });
  for (const [i, c] of clauses.entries()) {
    if (!sentenceFlags[i]) continue;
    sentences++;
    inSentences += hanLength(c);
    for (const t of c) if (CONNECTIVES.has(t.word)) connectives.add(t.word);
    // 我觉得 / 我认为 open a stated view: a beginning, as examiners want.
    const text = c.map((t) => t.word).join('');
    if (/我觉得|我认为|我想|在我看来/.test(text)) connectives.add('我觉得');
  }
  // An answer without a single grammar word is a list, however its clauses are tagged.
  const grammarWords = tokens.filter((t) => GRAMMAR_TAGS.test(t.tag) && !CONNECTIVES.has(t.word)).length;
  const listed = clauses.length >= 3 && grammarWords === 0;
  const share = listed ? 0 : inSentences / total;
  const rep = repetition(tokens, clauses);
  const elliptical = quick && clauses.length === 1 && total <= ELLIPTICAL_MAX_CHARS && rep === 0;
  const base = elliptical ? Math.max(share, ELLIPTICAL_SCORE) : share;
  const bonus = Math.min(CONNECTIVE_BONUS_MAX, CONNECTIVE_BONUS * connectives.size);
  const errors = grammarErrors(tokens);
  const grammar = grammarShare(errors.length);
  const score = Math.max(
    0,
    Math.min(
      1,
      base * (1 - Math.min(REPETITION_PENALTY_MAX, REPETITION_WEIGHT * rep)) + (share > 0.5 ? bonus : 0),
    ) * grammar,
  );
  const pattern: CoherenceMeasure['pattern'] =
    rep >= 0.3
      ? 'repeated'
      : share >= 0.5
        ? 'sentences'
        : elliptical
          ? 'short'
          : clauses.length >= 3
            ? 'keywords'
            : 'fragments';
  return {
    score: round2(score),
    clauses: clauses.length,
    sentences,
    sentence_share: round2(share),
    repetition: round2(rep),
    connectives: [...connectives],
    pattern,
    ...(errors.length ? { grammar_errors: errors } : {}),
  };
}

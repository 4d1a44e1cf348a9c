/**
 * One improved version of the learner's OWN answer: their words and side kept, hesitations and
 * repeats taken out, listed words put into sentences, and the links and ending the rubric asks for
 * added. Where only the learner can supply content (their reason, their example) the version leaves
 * a "……" for them to fill rather than putting words in their mouth; the model answer is never used.
 */
import { pinyin } from 'pinyin-pro';
import { hanLength, isFiller } from './segment.js';
import type { Token } from './segment.js';
import type { AnswerInput, FeedbackMeasures } from './types.js';

const STANCE = /我觉得|我认为|我同意|我不同意|同意|更重要|更喜欢|愿意|不愿意|我喜欢|我最喜欢/;
const HAS_REASON = /因为|所以|由于|因此/;
const HAS_LINK = /而且|另外|还有|首先|其次|比如|但是|可是|虽然|不过|然后|后来/;
const HAS_END = /总之|总的来说|所以|这就是/;
const MAX_CLAUSES = 12;

interface Clause {
  text: string;
  /** The mark that ended it as said: a full stop ends a sentence, anything else goes on with a comma. */
  end: '。' | '，';
  sentence: boolean;
  tokens: Token[];
}

const CONNECTIVE_ONLY = /^(因为|所以|但是|可是|而且|然后|另外|还有|如果|虽然|总之)$/;

/** The learner's clauses as said once each, hesitations and repeated words removed. */
function cleanClauses(tokens: readonly Token[]): Clause[] {
  const seen = new Set<string>();
  const out: Clause[] = [];
  let words: Token[] = [];
  const close = (mark: string): void => {
    const text = words.map((t) => t.word).join('');
    if (hanLength(words) > 0 && !seen.has(text) && out.length < MAX_CLAUSES) {
      seen.add(text);
      const tags = words.map((t) => t.tag);
      const sentence =
        hanLength(words) >= 4 && tags.some((g) => /^[va]/.test(g)) && tags.some((g) => /^[rdnp]/.test(g));
      out.push({ text, end: /[。！？.!?]/u.test(mark) ? '。' : '，', sentence, tokens: words });
    }
    words = [];
  };
  for (const t of tokens) {
    if (t.tag === 'x' || isFiller(t)) {
      close(t.word);
      continue;
    }
    const prev = words[words.length - 1];
    if (prev && prev.word === t.word) continue;
    words.push(t);
  }
  close('。');
  return out;
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join('、')}和${items[items.length - 1] ?? ''}`;
}

const hasNoun = (c: Clause): boolean => c.tokens.some((t) => /^(n|vn)/.test(t.tag));
const isQuality = (c: Clause): boolean =>
  !hasNoun(c) && c.tokens.some((t) => t.tag.startsWith('a') || /^(好|难)./u.test(t.word));

/** Listed words made into sentences: what is named, the actions among them, how it is, and a reason slot. */
function fromFragments(input: AnswerInput, clauses: readonly Clause[]): string[] {
  const useful = clauses.filter((c) => !CONNECTIVE_ONLY.test(c.text));
  const things = useful.filter(
    (c) => hasNoun(c) && !c.tokens.some((t) => /^v/.test(t.tag) && t.tag !== 'vn'),
  );
  const actions = useful.filter(
    (c) => hasNoun(c) && c.tokens.some((t) => /^v/.test(t.tag) && t.tag !== 'vn'),
  );
  const qualities = useful.filter(isQuality);
  const liking = useful.find((c) => !hasNoun(c) && /喜欢|愿意|同意|想/.test(c.text));
  const out: string[] = [];
  const named = things.map((c) => c.text);
  if (input.question_type === 'picture') {
    if (named.length) out.push(`图片上有${joinList(named)}。`);
    for (const a of actions.slice(0, 3)) out.push(`他们正在${a.text}。`);
  } else if (liking && named.length) {
    out.push(`我${liking.text}${named[0] ?? ''}。`);
    if (named.length > 1) out.push(`我还想说说${joinList(named.slice(1))}。`);
  } else {
    if (liking) out.push(`我${liking.text}。`);
    if (named.length) out.push(`我想说说${joinList(named)}。`);
    for (const a of actions.slice(0, 3)) out.push(`我常常${a.text}。`);
  }
  if (qualities.length) {
    const how = qualities
      .map((q) => (/^(很|不|没|太|非常)/u.test(q.text) ? q.text : `很${q.text}`))
      .join('，也');
    out.push(input.question_type === 'picture' ? `他们看起来${how}。` : `因为${named[0] ?? '它'}${how}。`);
  }
  return out;
}

/** The improved answer and its pinyin, or undefined when nothing in the answer can be built on. */
export function improveAnswer(
  input: AnswerInput,
  tokens: readonly Token[],
  measures: FeedbackMeasures,
): { text: string; pinyin: string } | undefined {
  const clauses = cleanClauses(tokens);
  if (clauses.length === 0) return undefined;
  // Off the topic, the learner's words cannot be improved into an answer: the tips say what to do.
  if (measures.relevance?.score !== null && (measures.relevance?.score ?? 1) < 0.3) return undefined;
  const pattern = measures.coherence?.pattern ?? 'sentences';
  const fragments = pattern === 'keywords' || pattern === 'fragments';
  let text = fragments
    ? fromFragments(input, clauses).join('')
    : clauses.map((c) => `${c.text}${c.end}`).join('');
  if (text === '') text = clauses.map((c) => `${c.text}${c.end}`).join('');
  text = text.replace(/[，。]$/u, '');
  const stanceAsked = measures.relevance?.stance_asked ?? false;
  if (stanceAsked && !STANCE.test(text)) text = `我觉得，${text}`;
  if (!HAS_REASON.test(text)) text = `${text}。因为……`;
  else if (!HAS_LINK.test(text)) text = `${text}。另外，……`;
  if (!HAS_END.test(text)) {
    // The ending restates the learner's own view, when they stated one.
    const stance = clauses.find((c) => c.sentence && STANCE.test(c.text));
    text = `${text}。${stance ? `总之，${stance.text}` : '这就是我的回答'}`;
  }
  text = `${text
    .replace(/。。/gu, '。')

    .replace(/[，。]$/u, '')}。`;
  return { text, pinyin: pinyin(text, { nonZh: 'consecutive' }) };
}

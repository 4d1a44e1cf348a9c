/**
 * One improved version of the learner's OWN answer: their words and side kept, hesitations and
 * repeats taken out, listed words put into sentences, and the links and ending the rubric asks for
 * added. Where only the learner can supply content (their reason, their example) the version leaves
 * a "……" for them to fill rather than putting words in their mouth; the model answer is never used.
 */
import { pinyin } from 'pinyin-pro';
import { clausesOf, hanLength } from './segment.js';
import type { Token } from './segment.js';
import type { AnswerInput, FeedbackMeasures } from './types.js';

const STANCE = /我觉得|我认为|我同意|我不同意|同意|更重要|更喜欢|愿意|不愿意|我喜欢|我最喜欢/;
const HAS_REASON = /因为|所以|由于|因此/;
const HAS_LINK = /而且|另外|还有|首先|其次|比如|但是|可是|虽然|不过|然后|后来/;
const HAS_END = /总之|总的来说|所以|这就是/;
const MAX_CLAUSES = 12;

/** The learner's clauses as said once each, hesitations and repeated words removed. */
function cleanClauses(tokens: readonly Token[]): { text: string; sentence: boolean; tags: string[] }[] {
  const seen = new Set<string>();
  const out: { text: string; sentence: boolean; tags: string[] }[] = [];
  for (const clause of clausesOf(tokens)) {
    const words: Token[] = [];
    for (const t of clause) {
      const prev = words[words.length - 1];
      if (prev && prev.word === t.word) continue;
      words.push(t);
    }
    const text = words.map((t) => t.word).join('');
    if (hanLength(words) === 0 || seen.has(text)) continue;
    seen.add(text);
    const tags = words.map((t) => t.tag);
    const sentence =
      hanLength(words) >= 4 && tags.some((g) => /^[va]/.test(g)) && tags.some((g) => /^[rdnp]/.test(g));
    out.push({ text, sentence, tags });
    if (out.length >= MAX_CLAUSES) break;
  }
  return out;
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join('、')}和${items[items.length - 1] ?? ''}`;
}

/** Listed words made into sentences: things seen or named, then the actions among them. */
function fromFragments(input: AnswerInput, clauses: readonly { text: string; tags: string[] }[]): string[] {
  const things = clauses.filter((c) => !c.tags.some((g) => /^[va]/.test(g) && g !== 'vn')).map((c) => c.text);
  const actions = clauses.filter((c) => c.tags.some((g) => /^v/.test(g) && g !== 'vn')).map((c) => c.text);
  const qualities = clauses
    .filter((c) => c.tags.every((g) => /^[ad]/.test(g)) && c.tags.some((g) => g.startsWith('a')))
    .map((c) => c.text);
  const out: string[] = [];
  const picture = input.question_type === 'picture';
  if (things.length) out.push(picture ? `图片上有${joinList(things)}。` : `我想说说${joinList(things)}。`);
  for (const a of actions.slice(0, 3)) out.push(picture ? `他们正在${a}。` : `我${a}。`);
  if (qualities.length)
    out.push(`我觉得${qualities.map((q) => (q.startsWith('很') ? q : `很${q}`)).join('，也')}。`);
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
  let sentences: string[];
  if (pattern === 'keywords' || pattern === 'fragments') sentences = fromFragments(input, clauses);
  else sentences = clauses.map((c) => c.text);
  if (sentences.length === 0) sentences = clauses.map((c) => c.text);
  let text = sentences
    .map((s) => s.replace(/[。，]$/u, ''))
    .join('，')
    .replace(/，(我|他|她|他们|我们|图片|这)/gu, '。$1');
  const stanceAsked = measures.relevance?.stance_asked ?? false;
  if (stanceAsked && !STANCE.test(text)) text = `我觉得，${text}`;
  if (!HAS_REASON.test(text)) text = `${text}。因为……`;
  else if (!HAS_LINK.test(text)) text = `${text}。另外，……`;
  if (!HAS_END.test(text)) {
    const stance = sentences.find((s) => STANCE.test(s));
    text = `${text}。${stance ? `总之，${stance.replace(/[。，]$/u, '')}` : '这就是我的回答'}`;
  }
  text = `${text.replace(/。。/gu, '。').replace(/[，。]$/u, '')}。`;
  return { text, pinyin: pinyin(text, { nonZh: 'consecutive' }) };
}

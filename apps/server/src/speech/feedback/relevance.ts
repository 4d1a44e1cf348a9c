/**
 * Task and relevance, judged against the QUESTION: its own words and topic, the picture's scene
 * texts and the stance it asks for. Key points and model answers are examples of what may be said,
 * so they widen the topic's vocabulary at a lower weight; an answer that takes the other side or
 * talks about other details of the picture is as relevant as the model answer.
 */
import { spokenChars } from '@kouyu/core';
import { relatedness, lexicon } from './lexicon.js';
import { containsRun, round2, syllables } from './measure.js';
import { aboutSelfOnly, opensOnSelf, answerForm } from './answer-form.js';
import { closedKind, headedBy, OPPOSITE, SPECIFIC } from './form-words.js';
import { isEcho, readsLinesBack, saysStatementBack } from './question-echo.js';
import { readQuestion } from './question-form.js';
import { HAN } from './segment.js';
import type { Tagger, Token } from './segment.js';
import type { AnswerInput, RelevanceMeasure } from './types.js';

/** Words every question or answer uses, which say nothing about the topic. */
const STOP = new Set(
  (
    '是 有 在 要 会 能 想 可以 说 说说 说一说 谈谈 做 去 来 看 请 介绍 描述 图 看图 图片 照片 这张 一下 觉得 认为 喜欢 ' +
    '最 什么 为什么 怎么 怎么样 哪个 哪儿 哪 几 多少 吗 呢 你 你们 人 时候 应该 一般 平时 同意 看法 问题 ' +
    '事情 东西 一个 有人 好 多 大 小 一些 很多 知道 这样 那样 还是 或者 一 个 上 里 下 中 给 让 使 用 到 ' +
    '得 过 把 被 着 开始 比较 非常 特别 现在 以后 以前 可能 已经 所以 因为 但是 而且 其实 当然 我们 他们 大家'
  ).split(' '),
);
const CONTENT_TAG = /^(n|v|a|l|i|j|t|s)/;
const WEIGHT = { question: 1, scene: 0.7, keyPoint: 0.5, model: 0.35 } as const;
/** Raw relevance that already shows the answer is on the task. */
const SATURATION: Record<string, number> = { answer: 1, open: 2.2, picture: 2.2 };
const STANCE_QUESTION = /同意|还是|哪个|怎么看|愿意|重要吗|好吗|应该|对吗|赞成|你认为|你觉得/;
const STANCE_ANSWER =
  /同意|我觉得|我认为|我想|在我看来|更喜欢|更重要|愿意|赞成|反对|支持|我喜欢|我不喜欢|说实话|我看/;
const PICTURE_WORDS = /图片|图上|图里|照片|画上|这张图|我看到/;
const STANCE_CREDIT = 0.6;
const YES_NO_WHY = /吗[？?，,。\s]*(为什么|为啥)/;
// Words that state or argue a view (a judgement, a comparison, a reason, a condition).
const VIEW_WORDS =
  /我觉得|我认为|我想|我看|在我看来|对我来说|同意|赞成|反对|应该|重要|好处|坏处|因为|所以|但是|可是|看法|更|还是|如果/;
const FACTS_ONLY_MAX_CHARS = 40;
const FACTS_ONLY_SHARE = 0.6;
const PICTURE_CREDIT = 0.4;
const FORM_CREDIT = 0.7;
// On an open question a thing of the kind asked (圣诞节 for 什么节日, 乒乓球 for 什么运动) names its topic.
const SPECIFIC_FORM_CREDIT = 1.2;
// …and an answer that goes on about it, up to this many content words, develops the topic by itself.
const ELABORATION_CREDIT = 0.6;
const ELABORATION_WORDS = 12;
/** A listen-and-answer reply that does not give what its question asks (no number for 几) is partial at best. */
const FORM_MISSING_CAP = 0.25;
/** A quick reply to a two-part question that leaves out its person, place, time or number is partial. */
const PART_ANSWERED_CAP = 0.5;
/** An answer that says the question back (and little else) is not an answer: it scores as off the task. */
export const ECHO_CAP = 0.1;
// 喝茶 / 坐车: a one-character verb and its object, whose object alone names the side.
const VERB_FIRST = /^[喝吃坐骑开看打玩买做去听学穿]/;
/** A listen-and-answer reply about someone else (我 for 你妈妈) is off the question. */
const ABOUT_OTHER_CAP = 0.25;
/** A quick reply set at another time than asked (每天八点 for 下课以后) answers a neighbouring question. */
const OTHER_TIME_CAP = 0.3;
// On an open question the subject is one part of a long answer: about someone else costs, but less.
const ABOUT_OTHER_OPEN = 0.6;
// A word the lexicon relates to the topic (跑步 for 运动, 咖啡 beside 茶) counts this much of a hit.
const RELATED_CREDIT = 0.8;
// An answer whose own content words are on the topic is relevant however few words it has.
const PRECISION_WEIGHT = 0.6;
const PRECISION_NEEDS_RAW = 0.5;
// A question this long is a passage to retell or summarise (HSK 6 writing), not a question.
const PASSAGE_MIN_CHARS = 100;
const PASSAGE_PRECISION_WEIGHT = 0.8;
// A summary retells in its own words too: from this share of words taken from the passage on, it is on it.
const PASSAGE_WORDS_ENOUGH = 0.6;
const NOT_KNOWN = /^(不知道|想不起来|不记得|记不清|说不好|不会说|不清楚|忘了|怎么说)$/;
const hanCount = (text: string): number => [...text].filter((c) => HAN.test(c)).length;
/** Share of the answer's own words of two or more characters that stand in the passage. */
function fromPassage(own: readonly Token[], passage: string): number {
  const words = own.filter((t) => [...t.word].length >= 2);
  if (words.length === 0) return 0;
  return words.filter((t) => passage.includes(t.word)).length / words.length;
}

/** Content words of a text: nouns, verbs, adjectives, time and place words that are not stop words. */
export function contentWords(tagger: Tagger, text: string, singleChars: boolean): string[] {
  const out: string[] = [];
  for (const t of tagger(text)) {
    if (!CONTENT_TAG.test(t.tag) || STOP.has(t.word) || !HAN.test(t.word)) continue;
    if ([...t.word].length === 1 && !singleChars && !t.tag.startsWith('n')) continue;
    out.push(t.word);
  }
  return out;
}

// Questions repeat across reviews: their topics are kept (a bounded number, oldest dropped first).
const TOPIC_CACHE_MAX = 500;
const topicCache = new Map<string, Map<string, number>>();

/** The topic of a question: each word with the weight of the most direct source it comes from. */
export function topicWords(tagger: Tagger, input: AnswerInput): Map<string, number> {
  const key = JSON.stringify([input.question_text, input.image_texts, input.key_points, input.model_answers]);
  const cached = topicCache.get(key);
  if (cached) return cached;
  const topic = buildTopic(tagger, input);
  if (topicCache.size >= TOPIC_CACHE_MAX) topicCache.delete(topicCache.keys().next().value ?? '');
  topicCache.set(key, topic);
  return topic;
}

function buildTopic(tagger: Tagger, input: AnswerInput): Map<string, number> {
  const topic = new Map<string, number>();
  const add = (words: readonly string[], weight: number): void => {
    for (const w of words) if ((topic.get(w) ?? 0) < weight) topic.set(w, weight);
  };
  add(contentWords(tagger, input.question_text ?? '', true), WEIGHT.question);
  for (const t of input.image_texts ?? []) add(contentWords(tagger, t, false), WEIGHT.scene);
  for (const k of input.key_points ?? [])
    for (const alt of k.split(/[/|｜、，]/)) add(contentWords(tagger, alt, false), WEIGHT.keyPoint);
  for (const m of input.model_answers ?? []) add(contentWords(tagger, m, false), WEIGHT.model);
  return topic;
}

/** Whether the answer takes up two characters in a row of the question's own words (我最喜欢… for 你最喜欢…). */
function takesUpFrame(question: string, answer: string): boolean {
  const q = spokenChars(question);
  for (let i = 0; i + 1 < q.length; i++) {
    const pair = `${q[i]}${q[i + 1]}`;
    if (/你|吗|呢|什|么/.test(pair)) continue;
    if (answer.includes(pair)) return true;
  }
  return false;
}

/** Whether the answer says the question back (with homophones, 我 for 你 and hesitations allowed for). */
/** 最热 asked and 最冷 said, and not 最热: another extreme than the one asked. */
function otherExtreme(question: string, answer: string): boolean {
  const asked = /最(\p{Script=Han})/u.exec(question)?.[1];
  if (!asked || answer.includes(`最${asked}`)) return false;
  const said = /最(\p{Script=Han})/u.exec(answer)?.[1];
  return said !== undefined && said !== asked && (OPPOSITE[asked] ?? []).includes(said);
}

export function echoesQuestion(question: string, answer: readonly string[], answered = false): boolean {
  return isEcho(question, answer, syllables, answered);
}

/** Relevance of a tagged answer to its question. */
export function measureRelevance(
  tagger: Tagger,
  input: AnswerInput,
  answer: readonly Token[],
): RelevanceMeasure {
  const topic = topicWords(tagger, input);
  const chars = spokenChars(answer.map((t) => t.word).join(''));
  const text = chars.join('');
  const sounds = syllables(chars);
  const hits: string[] = [];
  let raw = 0;
  for (const [word, weight] of topic) {
    const wchars = [...word];
    const found = text.includes(word) || (wchars.length > 1 && containsRun(sounds, syllables(wchars)));
    if (!found) continue;
    hits.push(word);
    raw += weight;
  }
  const question = input.question_text ?? '';
  const form = readQuestion(tagger, question);
  // A key point no model answer says is the question's topic (早饭 for 早上吃了什么), not an answer to it;
  // one the model answers say (红色 for 什么颜色) is an example answer.
  const models = input.model_answers ?? [];
  const keyWords = (input.key_points ?? [])
    .flatMap((k) => k.split(/[/|｜、，]/))
    .filter((k) => models.length > 0 && !models.some((m) => m.includes(k)));
  const formAnswer = answerForm(form, answer, question, keyWords);
  const answering = new Set(Object.values(formAnswer.given).flat());
  const touched = raw > 0;
  // Precision: the share of the answer's own content words that are on the topic or answer its form.
  const own = answer.filter((t) => CONTENT_TAG.test(t.tag) && !STOP.has(t.word) && HAN.test(t.word));
  // Words said in other words: a kind of what a topic word names, or a kind of the same thing.
  const lex = lexicon();
  const related: string[] = [];
  for (const t of own) {
    if (hits.some((h) => h.includes(t.word) || t.word.includes(h)) || related.includes(t.word)) continue;
    // Anyone pictured is a person: 妈妈 and 孩子 of another scene are on none of this one.
    if (input.question_type === 'picture' && (lex.isA(t.word, 'person') || lex.isA(t.word, 'family')))
      continue;
    let best = 0;
    for (const [word, weight] of topic) {
      const r = relatedness(lex, t.word, word);
      // A kind of the same thing (咖啡 beside 茶) is on the topic only beside the question's own words:
      // beside an example's it is the neighbouring topic the examples happen to share.
      // On a picture only a kind of what is pictured counts: 公园 beside its 教室 is another scene.
      if (r >= 1 || (weight >= WEIGHT.question && input.question_type !== 'picture'))
        best = Math.max(best, r * weight);
    }
    if (best <= 0) continue;
    related.push(t.word);
    raw += RELATED_CREDIT * best;
  }
  // On an open question the form (为什么 → 因为) is one part of a long answer: it counts once the answer
  // is on the topic at all or takes up the question's frame (我喜欢秋天 for 你最喜欢的季节是什么); a
  // listen-and-answer reply may answer by its form alone (猫。).
  const quick = input.question_type === 'answer';
  const framed = takesUpFrame(question, text);
  // A picture is described by what is in it: a form given about another scene (一个老师在上课 beside a
  // hot-pot dinner) answers the instruction's 做什么 but not the picture.
  const picture = input.question_type === 'picture';
  const onScene = touched || related.length > 0;
  const credited = picture ? onScene : formAnswer.specific || touched || framed || related.length > 0;
  if (answering.size > 0 && (quick || credited))
    // A listen-and-answer question is mostly its form: a specific answer to it (四个人 for 几个人) is
    // the whole task, whatever the question's other words.
    raw += formAnswer.specific ? (quick ? (SATURATION['answer'] ?? 1) : SPECIFIC_FORM_CREDIT) : FORM_CREDIT;
  // On an open question an answer that names what was asked (圣诞节 for 什么节日) and goes on about it is
  // developing its topic in its own words, whatever words the examples happened to use.
  if (!quick && formAnswer.specific && (!picture || onScene))
    raw += ELABORATION_CREDIT * Math.min(1, own.length / ELABORATION_WORDS);
  const onTopic = own.filter(
    (t) =>
      answering.has(t.word) ||
      related.includes(t.word) ||
      hits.some((h) => h.includes(t.word) || t.word.includes(h)),
  ).length;
  const precision = own.length ? onTopic / own.length : 0;
  const stanceAsked = STANCE_QUESTION.test(question);
  // A view counts as the stance asked for only when it is about the question's own subject.
  const aboutQuestion = hits.some((h) => (topic.get(h) ?? 0) >= WEIGHT.question);
  // 你喜欢你住的城市吗？为什么？: a yes or no taken up in the question's own words (我挺喜欢的) with a reason
  // is the stance asked for, even when the reason talks of 这儿 rather than naming the city again.
  const verdictWhy = YES_NO_WHY.test(question) && framed && formAnswer.given.reason !== undefined;
  const stance = (stanceAsked && aboutQuestion && STANCE_ANSWER.test(text)) || verdictWhy;
  if (stance) raw += STANCE_CREDIT;
  const pictured = picture && onScene && PICTURE_WORDS.test(text);
  if (pictured) raw += PICTURE_CREDIT;
  if (topic.size === 0 && !stanceAsked && form.asks.length === 0)
    return {
      score: null,
      hits: [],
      stance_asked: false,
      stance_taken: false,
      note: 'no question text, picture texts, key points or model answers to judge relevance by',
    };
  const saturation = SATURATION[input.question_type] ?? SATURATION['open'] ?? 2;
  const recall = Math.min(1, raw / saturation);
  const focus = PRECISION_WEIGHT * precision * Math.min(1, raw / PRECISION_NEEDS_RAW);
  // A passage to summarise shares common words with any story: there the answer's own words must
  // come from it, not just a couple of them.
  const passage = hanCount(question) >= PASSAGE_MIN_CHARS;
  let score = passage
    ? recall *
      (1 -
        PASSAGE_PRECISION_WEIGHT +
        PASSAGE_PRECISION_WEIGHT * Math.min(1, fromPassage(own, question) / PASSAGE_WORDS_ENOUGH))
    : recall + focus;
  // A time or count of another action (十一点睡觉 for 几点起床) gives nothing the question asks.
  if (quick && (!formAnswer.answered || formAnswer.otherAction)) score = Math.min(score, FORM_MISSING_CAP);
  // 什么时候搬家？为什么？ answered by a reason alone: a specific form asked (the time) is missing.
  const missing = form.asks.filter(
    (a) => SPECIFIC.has(a) && a !== 'choice' && formAnswer.given[a] === undefined,
  );
  if (quick && form.asks.length > 1 && missing.length > 0) score = Math.min(score, PART_ANSWERED_CAP);
  if (quick && formAnswer.otherTime) score = Math.min(score, OTHER_TIME_CAP);
  // 几月最热 answered by 一月最冷: the time of another extreme answers a neighbouring question.
  if (quick && otherExtreme(question, text)) score = Math.min(score, FORM_MISSING_CAP);
  // On an open task an answer that opens at another time (我现在最喜欢玩手机 for 小时候) costs, but less.
  else if (formAnswer.otherTime && input.question_type === 'open') score *= ABOUT_OTHER_OPEN;
  // A person to introduce is the whole task: an answer introducing the learner instead is off it.
  if (formAnswer.about === 'other')
    score = quick || form.introduced ? Math.min(score, ABOUT_OTHER_CAP) : score * ABOUT_OTHER_OPEN;
  // A picture described by the learner's own life is off it however many of its words it says: the cost
  // is taken from the whole share, not from a sum past it.
  if (input.question_type === 'picture' && (aboutSelfOnly(answer) || opensOnSelf(answer)))
    score = Math.min(1, score) * ABOUT_OTHER_OPEN;
  // Asked on an open task for a thing of a kind the lexicon knows (你最喜欢的季节), an answer naming none
  // of that kind (我最喜欢吃苹果) talks about a neighbouring question, however well it goes on.
  if (
    !quick &&
    form.kind !== undefined &&
    form.kind !== form.kindWord &&
    form.asks.includes('object') &&
    !formAnswer.answered
  )
    score *= ABOUT_OTHER_OPEN;
  // A place no class names (商店, 饭馆) is known by its head: 书店 is one, 公园 (any noun) is none.
  else if (
    !quick &&
    form.asks.includes('object') &&
    closedKind(form) &&
    !answer.some((t) => t.word === form.kindWord || headedBy(t.word, form.kindWord))
  )
    score = Math.min(1, score) * ABOUT_OTHER_OPEN;
  // Asked for a view, a few facts about oneself (我住在北京，我家在三楼 for 大城市好还是小城市好) state
  // none: they answer a neighbouring question about the learner, however many nouns they share.
  if (
    input.question_type === 'open' &&
    stanceAsked &&
    hanCount(text) < FACTS_ONLY_MAX_CHARS &&
    !VIEW_WORDS.test(text) &&
    aboutSelfOnly(answer)
  )
    score *= FACTS_ONLY_SHARE;
  // 嗯 假期 嗯 一个月 for 如果你有一个月的假期，你打算做什么: the question's own words and nothing else give
  // nothing it asks (where a side or a yes is asked, its words are the answer).
  // (…我收到过的最喜欢的礼物……我不知道，我想不起来: the question's words and a "don't know" are no more.)
  const parroted =
    own.length > 0 &&
    own.every((t) => question.includes(t.word) || NOT_KNOWN.test(t.word)) &&
    own.some((t) => !NOT_KNOWN.test(t.word)) &&
    !form.asks.some((a) => a === 'choice' || a === 'yes_no') &&
    // 我同意。健康很重要。: a view asked for may be given in the question's words.
    !stanceAsked &&
    form.asks.length > 0 &&
    !formAnswer.answered;
  // 米饭，面条，吃 for 你喜欢吃米饭还是吃面条: every side said back and nothing picked.
  // (喝茶 may come tagged as one word: its 茶 is the side.)
  // A one-character verb read as a side (喝 of 喝咖啡) is no side.
  const sides = (form.options ?? []).filter((o) => o.length > 1 || !(form.actions ?? []).includes(o));
  const sidesSaidBack =
    form.asks.includes('choice') &&
    (form.options?.length ?? 0) > 1 &&
    own.length > 0 &&
    own.every((t) => question.includes(t.word)) &&
    // (开着灯还是关着灯: sides that are one-character verbs each leave nothing to say back.)
    sides.length > 0 &&
    sides.every(
      (o) => text.includes(o) || (o.length > 1 && VERB_FIRST.test(o) && text.includes(o.slice(1))),
    ) &&
    // (如果那儿有朋友，我就住朋友家；没有的话就住酒店: a side for each case is an answer.)
    !/都|更|比较|最|喜欢|爱|要|想|如果|要是|的话|看情况|不一定/.test(text);
  // 一家手机店里有很多新手机。一个年轻男人拿着…: the picture's lines read back describe nothing.
  const linesRead =
    input.question_type === 'picture' && readsLinesBack(input.image_texts ?? [], chars, syllables);
  const echo =
    parroted ||
    sidesSaidBack ||
    linesRead ||
    (form.same !== undefined && saysStatementBack(question, chars, syllables)) ||
    echoesQuestion(question, chars, form.asks.length > 0 && formAnswer.answered);
  if (echo) score = Math.min(score, ECHO_CAP);
  return {
    score: round2(Math.min(1, score)),
    hits: hits.slice(0, 12),
    stance_asked: stanceAsked,
    stance_taken: stance,
    related: related.slice(0, 12),
    form: {
      ...form,
      given: formAnswer.given,
      answered: formAnswer.answered,
      specific: formAnswer.specific,
      about_answer: formAnswer.about,
      other_time: formAnswer.otherTime,
      other_action: formAnswer.otherAction,
    },
    echo,
    ...(linesRead ? { lines_read: true } : {}),
  };
}

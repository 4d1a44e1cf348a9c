/**
 * What a question asks for: 谁 a person, 哪儿 a place, 什么时候 / 几点 a time, 多久 / 几次 a duration or a
 * frequency, 几 / 多少 a number, 为什么 a reason, A还是B one side (or both, neither, a third), 怎么样 an
 * evaluation, 怎么 a means, 什么 + verb an object of that verb, 吗 / A不A yes or no; who it is about
 * (你妈妈 → 她 / 我妈妈) and the time it is set in. Whether an answer gives it is `answer-form.ts`.
 */
import { lexicon } from './lexicon.js';
import type { Lexicon } from './lexicon.js';
import { actions, clausesAtPunctuation, PERSON_PRONOUNS } from './form-words.js';
import { HAN } from './segment.js';
import type { Tagger, Token } from './segment.js';

export const ASKED = [
  'person',
  'place',
  'time',
  'duration',
  'number',
  'reason',
  'choice',
  'evaluation',
  'object',
  'manner',
  'yes_no',
] as const;
export type Asked = (typeof ASKED)[number];

/** What a question asks for, as the examiner read it (also given to the LLM as grounding). */
export interface QuestionForm {
  asks: Asked[];
  /** 什么 + verb: the verb whose object is asked for (吃, 喝, 做). */
  verb?: string;
  /** 什么 / 哪个 + noun: the kind asked for (什么运动 → sport) and the noun that names it. */
  kind?: string;
  kindWord?: string;
  /** The time the question is set in (下课以后, 周末), when it sets one and does not ask for a time. */
  when?: string[];
  /** 几点 / 几月几号: a clock time or a date is asked, not just "later". */
  clock?: boolean;
  /** 远吗 / 贵不贵: the adjective a yes/no question asks about (很近, 不太贵, 还可以 answer it). */
  adjective?: string;
  /** The actions the question asks about (起床, 运动): a count or time of another one is off it. */
  actions?: string[];
  /** 怕不怕: the A of an A不A the tagger joined into one word (an answer says 怕冷 or 不怕). */
  predicate?: string;
  /** A还是B: the sides offered. */
  options?: string[];
  /** 请介绍一下你的一个好朋友: the person introduced, whom the answer must be about. */
  introduced?: string;
  /** People the question names besides its subject (看爷爷奶奶): a 他们 in the answer may be them. */
  people?: string[];
  /** 你们城市的地铁怎么样: the thing judged (地铁) and its owner (城市), when a 的 joins them. */
  judged?: { owner: string; thing: string };
  /** 在网上订酒店: a place or means said with 在 and the action done there (网上, 订). */
  frame?: { at: string; action: string };
  /** 中国电影 in 你看过中国电影吗: a noun narrowed by another (its modifier and its head). */
  narrowed?: { modifier: string; head: string };
  /** 给家里打电话 / 跟谁: the one the action is done for or with, after 给 / 跟 / 和 (not 谁). */
  partner?: { by: string; word: string };
  /**
   * 我中午吃饺子，你呢？: what the statement says, which an answer takes up: its main verb (我也吃 / 我不吃),
   * its other verbs (坐 of 坐公共汽车去), the things and kinds of thing it names (糖, a drink, a vehicle)
   * and the occasion it sets its time by (睡觉以前, 喝咖啡的时候).
   */
  same?: { verb: string; verbs: string[]; kinds: string[]; frame: string[]; things: string[] };
  /** Who the question is about: the learner (你) or someone else (你妈妈, 他). */
  about: { who: 'you' | 'other'; words: string[]; ours?: boolean; ownPlace?: boolean } | null;
}

/** Whether and how an answer gives what its question asks for. */
export interface FormAnswer {
  asks: Asked[];
  /** The forms the answer gives, each with the words that give it. */
  given: Partial<Record<Asked, string[]>>;
  /** True when a form asked is given (a question asking nothing: true). */
  answered: boolean;
  /**
   * True when what gives it is specific: a person, place, time, number, side or thing of the kind
   * asked. A bare 因为, any verb for 做什么 or any noun for 什么 is weak: it answers only on the topic.
   */
  specific: boolean;
  /** Whether the answer is about the one the question is about. */
  about: 'question' | 'other' | 'unknown';
  /** The answer sets itself at another time than the question does (每天八点 for 下课以后). */
  otherTime: boolean;
  /**
   * The time, count or length given belongs to another action than the question's (十一点睡觉 for
   * 几点起床): the answer replies to a neighbouring question.
   */
  otherAction: boolean;
}

/** 怎样才能保持健康 / 如何学好汉语: a way to reach something is asked, answered by advice. */
export const WAY_QUESTION = /(怎样|如何|怎么样)(才|才能|能|可以|让|去|来|做|学|保持|提高|减轻|解决)/;

/** 爱好 / 兴趣: a pastime is introduced, said by what one does. */
const PASTIME = /^(爱好|兴趣|兴趣爱好|业余爱好)$/;
/** 用什么办法 / 有什么方法 / 怎么办: a thing to do is asked. */
export const METHOD_QUESTION = /什么(办法|方法)|怎么办/;

const cache = new Map<string, QuestionForm>();
const CACHE_MAX = 500;

/** The main clause of a question: the one holding its question word, else its last. */
function mainClause(tokens: readonly Token[]): Token[] {
  const real = clausesAtPunctuation(tokens).filter((c) => c.length > 0);
  return (
    real.find((c) => c.some((t) => /谁|什么|哪|几|多少|怎么|为什么|吗|还是|多久/.test(t.word))) ??
    real[real.length - 1] ??
    []
  );
}

const PRONOUN_AND_MODAL = /^(我们|你们|他们|她们|我|你|他|她)(会|要|想|能|也|都|就|还|是|在|不|没)$/;

/** Who a clause is about: the person words before its first verb (你妈妈, 他, 我). */
export function subjectOf(clause: readonly Token[], lex: Lexicon): string[] {
  const owned = possessedPerson(clause, lex);
  if (owned) return owned;
  const out: string[] = [];
  for (const [i, t] of clause.entries()) {
    // 这个周末你想……: a time said first sets the scene; the subject follows it.
    if (
      out.length === 0 &&
      (t.tag === 't' || (/^(这个|那个|这|那|上个|下个)$/.test(t.word) && clause[i + 1]?.tag === 't'))
    )
      continue;
    if (/^(v|a|d|p|c)/.test(t.tag) && !PERSON_PRONOUNS.test(t.word)) break;
    // 我会 / 他也 may come as one token: the pronoun is the subject, the rest starts the predicate.
    const joined = PRONOUN_AND_MODAL.exec(t.word);
    if (joined?.[1]) {
      out.push(joined[1]);
      break;
    }
    // 你家 / 我家 (a home, not a person) says nothing about who the clause is about.
    if (/^[你我他她]./.test(t.word) && !PERSON_PRONOUNS.test(t.word)) break;
    // 家 / 在家 is a home (在家休息), not the family as a person.
    if (t.word === '家' || t.word.startsWith('在')) break;
    if (PERSON_PRONOUNS.test(t.word) || lex.isA(t.word, 'person') || lex.isA(t.word, 'family'))
      out.push(t.word);
    else if (t.word !== '的') break;
  }
  return out;
}

/**
 * 你最好的朋友 / 你的汉语老师 / 我的好朋友: the person owned is the subject, with its owner, however the
 * words before its 的 run (an adverb, an adjective, a noun). Null when no person follows the 的.
 */
function possessedPerson(clause: readonly Token[], lex: Lexicon): string[] | null {
  const verb = clause.findIndex(
    (t) => /^(v|p|c)/.test(t.tag) && !PERSON_PRONOUNS.test(t.word) && !lex.isA(t.word, 'person'),
  );
  const head = clause.slice(0, verb < 0 ? clause.length : verb);
  const de = head.map((t) => t.word).lastIndexOf('的');
  if (de < 0) return null;
  const person = (t: Token): boolean => lex.isA(t.word, 'person') || lex.isA(t.word, 'family');
  const owner = head.slice(0, de).filter((t) => PERSON_PRONOUNS.test(t.word));
  const owned = head.slice(de + 1).filter((t) => /^n/.test(t.tag) && person(t));
  if (owned.length === 0 || owner.length === 0) return null;
  return [...owner, ...owned].map((t) => t.word);
}

/** The noun an instruction to introduce or talk about ends on (请介绍一下你最喜欢的季节 → 季节). */
function introducedNoun(tokens: readonly Token[]): string | undefined {
  const words = tokens.filter((t) => HAN.test(t.word));
  const last = words[words.length - 1];
  // 说说 may come as 说 说.
  const verb = words.findIndex(
    (t, i) =>
      /介绍|谈谈|说说|讲讲/.test(t.word) || (/^(说|谈|讲)$/.test(t.word) && words[i + 1]?.word === t.word),
  );
  const noun = last !== undefined && (/^n/.test(last.tag) || PASTIME.test(last.word));
  return last && verb >= 0 && words.indexOf(last) > verb + 1 && noun ? last.word : undefined;
}

/** 你们城市的地铁怎么样 → 城市 owns 地铁, the thing an evaluation is asked of. */
function judgedThing(tokens: readonly Token[], asks: ReadonlySet<Asked>): QuestionForm['judged'] {
  if (!asks.has('evaluation') && !asks.has('yes_no')) return undefined;
  const end = tokens.findIndex((t) => /^(怎么样|怎样|好吗|好不好|吗)$/.test(t.word));
  const head = tokens.slice(0, end < 0 ? tokens.length : end);
  const de = head.map((t) => t.word).lastIndexOf('的');
  const owner = head[de - 1];
  const thing = head[de + 1];
  if (de < 1 || !owner || !thing || !/^(n|ns|nz)$/.test(owner.tag) || !/^(n|nz|vn)$/.test(thing.tag))
    return undefined;
  // Nothing but a person word before 的 (你妈妈的身体): who it is about is `about`, not the owner judged.
  if (lexicon().isA(owner.word, 'person') || lexicon().isA(owner.word, 'family')) return undefined;
  return { owner: owner.word, thing: thing.word };
}

/** 在网上订酒店 / 在家做饭: 在 with a place or means, and the action done there. */
function frameOf(tokens: readonly Token[]): QuestionForm['frame'] {
  const at = placeAt(tokens);
  const verb = at ? actions(tokens.slice(at.next, at.next + 1))[0] : undefined;
  return at && verb ? { at: at.place, action: verb.word } : undefined;
}

/** Where a 在 + place is said (在 网上, or 在家 as one word): the place and the index after it. */
export function placeAt(tokens: readonly Token[], place?: string): { place: string; next: number } | null {
  for (const [i, t] of tokens.entries()) {
    const joined = /^在\p{Script=Han}+$/u.test(t.word) && t.word.length > 1 ? t.word.slice(1) : null;
    const after = tokens[i + 1];
    const word = joined ?? (t.word === '在' && after && /^(n|s|f|ns)/.test(after.tag) ? after.word : null);
    if (word === null || (place !== undefined && word !== place)) continue;
    return { place: word, next: joined ? i + 1 : i + 2 };
  }
  return null;
}

// 吃饺子 / 喝咖啡 may come as one token: a one-character verb and the thing it takes.
const VERB_AND_OBJECT =
  /^(吃|喝|做|看|买|玩|学|打|听|穿|带|开|坐|骑|用|有|去|上|写|唱|养|放|加)(\p{Script=Han}+)$/u;

/**
 * A verb of a statement: 开学 / 刮风 / 洗碗 may come tagged as nouns, where the lexicon knows a verb or the
 * word is a verb and its object (刮 + 风).
 */
function statementVerb(t: Token, lex: Lexicon): boolean {
  if (/^v/.test(t.tag) && t.tag !== 'vn') return true;
  if (!/^n/.test(t.tag)) return false;
  return (
    (lex.entry(t.word)?.pos ?? '').startsWith('v') || /^(刮|下|洗|扫|擦|打|做)\p{Script=Han}$/u.test(t.word)
  );
}

/**
 * What 你呢 asks after a statement: what the statement says at its end, after its last verb (吃饺子 → a
 * thing eaten, 去公园 → a place), else what it says before a verb it ends on (七点起床 → a time).
 */
function sameAsked(whole: readonly Token[], lex: Lexicon): { asks: Asked; verb?: string } | null {
  // 吃完饭就洗碗: what comes after 就 is what the statement says; before it, only when.
  const then = whole.findIndex((t) => t.word === '就');
  const said = then >= 0 ? whole.slice(then + 1) : whole;
  if (then >= 0 && !said.some((t) => /^v/.test(t.tag) && t.tag !== 'vn'))
    return said.length ? { asks: 'yes_no' } : null;
  const isPlace = (t: Token): boolean =>
    t.tag !== 'r' &&
    !/^(这儿|那儿|这里|那里)$/.test(t.word) &&
    (/^(ns|s)$/.test(t.tag) || lex.isA(t.word, 'place'));
  const isVerb = (t: Token): boolean => statementVerb(t, lex);
  let last = -1;
  for (const [i, t] of said.entries()) if (isVerb(t)) last = i;
  // 喝一杯 / 看一会儿 may come as one token: the verb is its first character.
  const found = said[last];
  const counted = found !== undefined && /^\p{Script=Han}[一两几]\p{Script=Han}{1,2}$/u.test(found.word);
  const verb = found && counted ? { ...found, word: found.word.slice(0, 1) } : found;
  const after = said.slice(last + 1).filter((t) => !/^(了|过|着|的)$/.test(t.word));
  // (上班 is a verb of its own, not 上 and 班.)
  const known = verb !== undefined && (lex.entry(verb.word)?.pos ?? '').startsWith('v');
  const joined = verb && !known ? VERB_AND_OBJECT.exec(verb.word) : null;
  const before = said.slice(0, last < 0 ? said.length : last);
  // 八点上班 / 十点以后才做作业: a clock time or a date before the verb is what differs; 晚上 / 今天 only
  // set the scene.
  if (before.some((t) => CLOCK.test(t.word))) return { asks: 'time' };
  // 做三次饭 / 玩一个小时: a count or a length of time is what differs.
  const countedBy = said.some(
    (t, i) => t.tag === 'm' && (COUNT_UNIT.test(t.word) || COUNT_UNIT.test(said[i + 1]?.word ?? '')),
  );
  if (countedBy) return { asks: 'number' };
  if (verb && joined?.[1] && joined[2] && lex.entry(joined[2])?.pos.startsWith('n') && after.length === 0)
    return { asks: 'object', verb: joined[1] };
  // 坐地铁去市中心: the way one goes is what differs, not the place both go to.
  const means = said.some(
    (t, i) =>
      /^(打车|开车|坐车|骑车|走路|打的)$/.test(t.word) ||
      (/^(坐|骑|开)$/.test(t.word) && lex.isA(said[i + 1]?.word ?? '', 'vehicle')),
  );
  if (means) return { asks: 'manner' };
  if (after.some(isPlace)) return { asks: 'place' };
  if (verb && after.some((t) => /^(n|nz|vn|l)/.test(t.tag) && !isPlace(t)))
    return { asks: 'object', verb: verb.word };
  if (before.some((t) => CLOCK.test(t.word))) return { asks: 'time' };
  if (said.some((t) => t.tag === 'm' && !/^(一|两)$/.test(t.word))) return { asks: 'number' };
  // 我在北京工作: a place said where the action is, not the subject's own (我们公司 of 我们公司八点上班).
  const first = said.findIndex((t) => /^(v|p)/.test(t.tag));
  if (said.some((t, i) => isPlace(t) && first >= 0 && i > first)) return { asks: 'place' };
  // 我每天晚上洗碗 / 我这儿下雨了: whether the learner does (or has) the same, and what instead.
  if (verb) return { asks: 'yes_no' };
  if (said.some((t) => /^n/.test(t.tag))) return { asks: 'object' };
  return null;
}
const COUNT_UNIT = /(次|遍|小时|分钟|个小时|个月|岁|块)$/;
const CLOCK =
  /^[零〇一二两三四五六七八九十几\d]+(点|点半|点钟|号|日|月)|^星期[一二三四五六日天]|^周[一二三四五六日]$/;

// Kinds of thing a statement before 你呢 may name that another of the same kind answers (花茶 for 牛奶).
const THING_KINDS = new Set([
  'food',
  'drink',
  'fruit',
  'sport',
  'vehicle',
  'media',
  'clothing',
  'animal',
  'device',
]);
const SETS_TIME = /^(以前|以后|之前|之后|的时候|时候|前|后)$/;

/** The verbs, kinds of thing and time of a statement before 你呢 (see `QuestionForm.same`). */
function statement(said: readonly Token[], lex: Lexicon): Omit<NonNullable<QuestionForm['same']>, 'verb'> {
  // 喝咖啡的时候不放糖 / 吃完饭就洗碗: what comes before the time word or 就 is the occasion, not what
  // is said of it.
  const sets = said.findIndex((t) => SETS_TIME.test(t.word) || t.word === '就');
  const occasion = sets >= 0 ? said.slice(0, sets).filter((t) => /^(v|n)/.test(t.tag)) : [];
  const start = occasion[0];
  const from = start ? said.indexOf(start) : 0;
  const marked = sets >= 0 && said[sets]?.word !== '就';
  const words = (ts: readonly Token[]): string => ts.map((t) => t.word).join('');
  // 喝咖啡的时候 / 睡觉以前 / 吃完饭 as said.
  const frame = occasion.length ? [words(said.slice(from, marked ? sets + 1 : sets))] : [];
  const predicate = sets >= 0 ? said.slice(sets + 1) : said;
  const verbs: string[] = [];
  const things: string[] = [];
  for (const [i, t] of predicate.entries()) {
    const split = VERB_AND_OBJECT.exec(t.word);
    const known = (lex.entry(t.word)?.pos ?? '').startsWith('v');
    // 就洗碗 (which the tagger may call a noun) is the action the statement tells.
    if (
      predicate[i - 1]?.word === '就' ||
      (i === 0 && sets >= 0 && said[sets]?.word === '就' && HAN.test(t.word))
    )
      verbs.push(t.word);
    else if (statementVerb(t, lex) && !/^(喜欢|觉得|想|要|会|能|可以|是|有)$/.test(t.word)) {
      verbs.push(known || !split?.[1] ? t.word : split[1]);
      if (!known && split?.[2]) things.push(split[2]);
    } else if (
      /^(n|nz)$/.test(t.tag) &&
      !/^(每天|今天|晚上|早上|中午|下午|周末)$/.test(t.word) &&
      // A place or a person said again (北京很大 for 我是北京人) is about it, not the same said of oneself.
      !['place', 'person', 'family'].some((c) => lex.isA(t.word, c))
    )
      things.push(t.word);
  }
  const kinds = predicate.flatMap((t) =>
    [...(lex.entry(t.word)?.classes ?? [])].filter((c) => THING_KINDS.has(c)),
  );
  return { verbs, kinds: [...new Set(kinds)], frame, things };
}

/** Reads a question once (cached by its text). */
export function readQuestion(tagger: Tagger, question: string): QuestionForm {
  const hit = cache.get(question);
  if (hit) return hit;
  const form = analyse(tagger(question.normalize('NFKC')), question);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
  cache.set(question, form);
  return form;
}

function analyse(tokens: readonly Token[], q: string): QuestionForm {
  const lex = lexicon();
  const asks = new Set<Asked>();
  const form: QuestionForm = { asks: [], about: null };
  // 怎么这么高兴 / 怎么会 ask why, not how.
  if (/为什么|为啥|什么原因|怎么(这么|那么|会|又|还)/.test(q)) asks.add('reason');
  if (/谁/.test(q)) asks.add('person');
  if (/哪儿|哪里|什么地方|去哪|在哪|哪个地方|哪个城市|哪个国家|哪国/.test(q)) asks.add('place');
  if (/什么时候|几点|哪天|哪年|星期几|几月|几号|哪一年/.test(q)) asks.add('time');
  if (/几点|哪天|哪年|星期几|几月|几号|哪一年/.test(q)) form.clock = true;
  if (/多久|多长时间|几次|多少次|几个小时|几年了|多少年|几天|几个月|多少天|多长/.test(q))
    asks.add('duration');
  else if (/几|多少|多大|多高|多远/.test(q) && !asks.has('time')) asks.add('number');
  // 怎样才能 / 如何学好 asks a way to do something, 怎么样 at the end a judgement.
  const way = WAY_QUESTION.test(q);
  if (way && !asks.has('reason')) asks.add('manner');
  else if (/怎么样|怎样|如何|好不好|怎么看|怎么想|觉得.*吗|觉得.*呢/.test(q)) asks.add('evaluation');
  else if (/怎么(?!样)/.test(q) && !asks.has('reason')) asks.add('manner');
  if (/还是/.test(q)) {
    asks.add('choice');
    const [before = '', after = ''] = q.split('还是');
    const words = (text: string): string[] =>
      tokens
        .filter(
          (t) =>
            text.includes(t.word) && /^(n|v|a|t|s|nr|nz|vn|l)/.test(t.tag) && !/喜欢|觉得|想|要/.test(t.word),
        )
        .map((t) => t.word);
    // The sides are read from the words on each side of 还是 (坐火车还是坐飞机: 坐 is said on both).
    const pivot = tokens.findIndex((t) => t.word === '还是');
    const side = (ts: readonly Token[]): string[] =>
      ts
        .filter((t) => /^(n|v|a|t|s|nr|nz|vn|l)/.test(t.tag) && !/喜欢|觉得|想|要/.test(t.word))
        .map((t) => t.word);
    const clauseStart = (): number => {
      for (let i = pivot - 1; i >= 0; i--) if (tokens[i]?.tag === 'x') return i + 1;
      return 0;
    };
    const a =
      pivot >= 0 ? side(tokens.slice(clauseStart(), pivot)) : words(before.split(/[，,]/).pop() ?? '');
    // 坐地铁去上班: the side ends where the sentence goes on (去上班 is shared by both sides).
    const rest = pivot >= 0 ? side(tokens.slice(pivot + 1)) : words(after);
    const stop = rest.findIndex(
      (w) => !a.includes(w) && tokens.some((t) => t.word === w && /^v/.test(t.tag)) && rest.indexOf(w) > 0,
    );
    const b = stop > 0 ? rest.slice(0, stop) : rest;
    // 在超市买菜还是在市场买菜: what both sides say (买菜) is no side; the last word before 还是 that
    // only one side says is.
    const own = a.filter((w) => !b.includes(w));
    form.options = [...new Set([...(own.length ? own : a).slice(-1), ...b.filter((w) => !a.includes(w))])];
  }
  const what = tokens.findIndex((t) => /^(什么|哪个|哪种|哪些|哪一个|哪儿)$/.test(t.word));
  if (what >= 0 && !asks.has('place') && !asks.has('time')) {
    let next = tokens[what + 1];
    // 什么好吃的饭馆: the kind is the noun a modifier and 的 lead to, not the modifier.
    const de = tokens.slice(what + 1, what + 4).findIndex((t) => t.word === '的');
    const headNoun = de >= 0 ? tokens[what + 2 + de] : undefined;
    if (headNoun && /^n/.test(headNoun.tag) && !(next && /^n/.test(next.tag))) next = headNoun;
    // 吃了什么 / 看过什么: the verb is before its aspect particle.
    const prev = /^(了|过|着)$/.test(tokens[what - 1]?.word ?? '') ? tokens[what - 2] : tokens[what - 1];
    // 什么东西 names no kind: any thing answers it.
    if (next && /^(n|t|vn|l|s)/.test(next.tag) && next.word !== '东西') {
      form.kind = lex.names(next.word) ?? next.word;
      form.kindWord = next.word;
    }
    if (prev && /^v/.test(prev.tag) && !/^(喜欢|是|有|爱)$/.test(prev.word)) form.verb = prev.word;
    // 你最喜欢的季节是什么: the noun before 是 names the kind asked for.
    const subject = tokens[what - 2];
    if (!form.kind && prev?.word === '是' && subject && /^(n|t)/.test(subject.tag)) {
      form.kind = lex.names(subject.word) ?? subject.word;
      form.kindWord = subject.word;
    }
    if (form.kind || form.verb || tokens[what]?.word === '什么') asks.add('object');
  }
  // 用什么办法 asks a thing to do, as 怎么 does: not a noun of the kind 办法.
  if (METHOD_QUESTION.test(q)) {
    asks.delete('object');
    delete form.kind;
    delete form.kindWord;
    delete form.verb;
    asks.add('manner');
  }
  // 请介绍一下你最喜欢的季节 / 你的一个好朋友: a thing of that kind is asked for (春天, 小王), as 什么 + noun asks it.
  let introducedPerson: string | undefined;
  let pastimeOfYours = false;
  const introduced = /介绍|谈谈|说说|讲讲/.test(q) && asks.size === 0 ? introducedNoun(tokens) : undefined;
  if (introduced) {
    // The friend introduced is whom the answer is about: 我叫大卫 introduces the learner instead.
    if (lex.isA(introduced, 'person')) {
      asks.add('person');
      introducedPerson = introduced;
    } else if (PASTIME.test(introduced)) {
      // 请说说你的一个爱好: a thing one does is asked (画画儿, 做饭, 打篮球), as 做什么 asks it.
      form.kind = 'pastime';
      form.kindWord = introduced;
      form.verb = '做';
      asks.add('object');
      // 你的一个爱好 is the learner's: a friend's pastime is another's.
      if (/你的/.test(q)) pastimeOfYours = true;
    } else {
      // 请说说你家附近的一个商店: a thing of that kind is asked, named by its own words where no class
      // names it (面包店 and 便利店 are headed by the 店 of 商店).
      form.kind = lex.names(introduced) ?? introduced;
      form.kindWord = introduced;
      asks.add('object');
    }
  }
  // 我是北京人，你呢？: the same is asked of the learner, and what may differ is what the statement names
  // (a place, a time, a number, else a thing).
  // 你那儿呢 / 你们公司呢 ask the same of the learner's own place or people.
  if (asks.size === 0 && /(你|你们|您)\p{Script=Han}{0,4}呢[？?！!。]?\s*$/u.test(q)) {
    const end = tokens.findLastIndex((t) => /^(你|你们|您)/.test(t.word));
    const said = tokens.slice(0, end < 0 ? tokens.length : end).filter((t) => HAN.test(t.word));
    const same = sameAsked(said, lex);
    if (same) {
      asks.add(same.asks);
      if (same.verb) form.verb = same.verb;
      form.same = { verb: same.verb ?? '是', ...statement(said, lex) };
    }
  }
  // 会不会 / 远不远 / 有没有 ask yes or no as 吗 does.
  const aNotA = /(\p{Script=Han})[不没]\1|有没有/u.exec(q);
  if (asks.size === 0 && (/吗[？?。！!]?$|吗[？?]/.test(q) || aNotA)) {
    asks.add('yes_no');
    const end = tokens.findIndex((t) => t.word === '吗');
    const last = aNotA
      ? tokens.find((t) => t.word === aNotA[1])
      : [...tokens.slice(0, end < 0 ? tokens.length : end)].reverse().find((t) => HAN.test(t.word));
    // The tagger may join the adjective to what precedes it (对你好吗 → 你好/l 吗): its last character then.
    const adjective = (w: string): boolean => (lex.entry(w)?.pos ?? '').startsWith('a');
    const word = last?.word ?? '';
    // 大不大 may be one token: the A of A不A is the adjective asked about.
    if (!last && aNotA?.[1] && adjective(aNotA[1])) form.adjective = aNotA[1];
    // 怕不怕冷 may come as one token: the A of A不A is the predicate an answer says (怕冷, 不怕).
    else if (!last && aNotA?.[1]) form.predicate = aNotA[1];
    else if (last && (last.tag.startsWith('a') || adjective(word))) form.adjective = word;
    else if ([...word].length > 1 && adjective(word.slice(-1))) form.adjective = word.slice(-1);
  }
  form.asks = [...asks];
  const judged = judgedThing(tokens, asks);
  if (judged) form.judged = judged;
  // Only where the action is what is judged (在网上订酒店方便吗): 在家休息还是出去玩 offers 在家 as a side, and
  // anything done at home takes it.
  const judging = (asks.has('yes_no') || asks.has('evaluation')) && !asks.has('choice');
  const frame = judging ? frameOf(tokens) : undefined;
  if (frame) form.frame = frame;
  if (asks.has('yes_no')) {
    const at = tokens.findIndex(
      (t, i) =>
        /^(ns|nz)$/.test(t.tag) && tokens[i + 1] !== undefined && /^n$/.test(tokens[i + 1]?.tag ?? ''),
    );
    const head = tokens[at + 1];
    if (at >= 0 && head) form.narrowed = { modifier: tokens[at]?.word ?? '', head: head.word };
  }
  const by = tokens.findIndex((t) => /^(给|跟|和)$/.test(t.word) && t.tag.startsWith('p'));
  const partner = tokens[by + 1];
  // 给家里打 / 跟朋友一起去: a partner of the action, not 优点和缺点 (two things joined).
  const acted = tokens[by + 2];
  const ofAction = acted !== undefined && (/^v/.test(acted.tag) || /^(一起|一块儿)$/.test(acted.word));
  if (by >= 0 && partner && ofAction && /^(n|s)/.test(partner.tag) && !/谁/.test(partner.word))
    form.partner = { by: tokens[by]?.word ?? '', word: partner.word };
  if (!asks.has('time') && !asks.has('duration')) {
    const when = tokens
      .filter((t) => t.word !== form.kindWord && (t.tag === 't' || /^(以后|以前|的时候|时候)$/.test(t.word)))
      .map((t) => t.word);
    if (when.length) form.when = when;
  }
  const acts = actions(mainClause(tokens)).map((t) => t.word);
  if (acts.length) form.actions = acts;
  const subject = subjectOf(mainClause(tokens), lex);
  // 你觉得……怎么样 asks the learner's view of a thing: the answer's subjects are the things judged.
  const view = asks.has('evaluation') && /觉得|认为|看/.test(q);
  const people = tokens
    .filter((t) => !subject.includes(t.word) && (lex.isA(t.word, 'family') || lex.isA(t.word, 'person')))
    .map((t) => t.word);
  if (people.length) form.people = people;
  if (introducedPerson) {
    form.introduced = introducedPerson;
    // 你的爸爸或者妈妈: either may be the one introduced.
    const either = /或者|或/.test(q)
      ? tokens.filter((t) => lex.isA(t.word, 'family') || lex.isA(t.word, 'person')).map((t) => t.word)
      : [];
    form.about = { who: 'other', words: [...new Set([introducedPerson, ...either])] };
  } else if (pastimeOfYours) {
    form.about = { who: 'you', words: ['你'] };
  } else if (subject.length > 0 && !view) {
    const other = subject.filter((w) => !/^(你|你们|的)$/.test(w));
    // 你们班的同学: people the learner is one of, whom a 我们 or 大家 in the answer speaks for.
    const ours = subject.includes('你们') && other.length > 0;
    form.about = other.length
      ? { who: 'other', words: other, ...(ours ? { ours } : {}) }
      : {
          who: 'you',
          words: subject,
          // 你们那儿 / 你的国家: the learner's own place, which 我老家 / 我们国家 speak of.
          ...(/你们?(那儿|那里|国家|老家|家乡)|你的(国家|老家|家乡)/.test(q) ? { ownPlace: true } : {}),
        };
  }
  return form;
}

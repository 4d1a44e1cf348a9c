/**
 * What a question asks for and whether an answer gives it, by a word or by a structure: 谁 a person
 * (a family word, a name, a pronoun, 和…一起), 哪儿 a place, 什么时候 / 几点 a time, 多久 / 几次 a
 * duration or a frequency, 为什么 a reason, A还是B one side (or both, neither, a third), 怎么样 an
 * evaluation, 什么 + verb an object of that verb; and who the question is about (你妈妈 → 她 / 我妈妈),
 * so an answer about someone else is off the question.
 */
import { spokenChars } from '@kouyu/core';
import { lexicon, relatedness } from './lexicon.js';
import type { Lexicon } from './lexicon.js';
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
  /** A还是B: the sides offered. */
  options?: string[];
  /** Who the question is about: the learner (你) or someone else (你妈妈, 他). */
  about: { who: 'you' | 'other'; words: string[] } | null;
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

const PERSON_PRONOUNS = /^(我|你|他|她|我们|你们|他们|她们|大家|自己|别人|咱们)$/;
const THIRD = /^(他|她|他们|她们)$/;
// 小张 / 老王 and words made with an agent suffix (同屋, 室友, 同学) name a person the lexicon may not hold.
const PERSON_NAME =
  /^[小老][\p{Script=Han}]$|^\p{Script=Han}*(友|同学|同事|同屋|师傅|老师|先生|女士|阿姨|叔叔)$/u;
const FREQUENCY =
  /每天|每个|每周|每年|每次|常常|经常|有时候|有时|一直|总是|从来|很少|偶尔|天天|一次|两次|次|遍|回/;
const TIME_WORDS =
  /早上|上午|中午|下午|晚上|夜里|今天|明天|昨天|周末|星期|月|号|年|点|时候|以后|以前|每天|刚才|现在|马上|春天|夏天|秋天|冬天|假期|寒假|暑假/;
const REASON = /因为|所以|为了|由于|因此|原因|是因为/;
const MOTIVE = /^(想|希望|打算|喜欢|爱|需要|感兴趣|有意思|有用|方便)$/;
const EVALUATION_WORDS =
  /好|不错|喜欢|满意|一般|舒服|方便|有意思|好吃|好看|好玩|难|容易|贵|便宜|漂亮|干净|棒/;
// A yes or a no: counts where the answer opens with it (是的。/ 不，……), not inside another sentence.
const YES_NO = /^(是|是的|不|不是|没|没有|有|会|不会|能|对|可以|要|想|当然|好|行)$/;
// A degree or a middling verdict answers an adjective's yes/no question (远吗 → 很近 / 不太远 / 还可以).
const DEGREE =
  /^(很|挺|太|非常|特别|比较|有点|有点儿|有一点|一点儿|一点|不太|不|没|真|还|还可以|还行|一般|马马虎虎|最)$/;
const DEGREED = /^(很|挺|太|不太|不|没那么|有点儿?|一点儿?也?不|非常|特别|比较|真)\p{Script=Han}{1,2}$/u;
const MIDDLING = /还可以|还行|一般|马马虎虎|还好|差不多/;
// 怎么去 is answered by a means: a vehicle, a way of going, or a tool taken (骑自行车去, 坐地铁, 打车).
const MEANS = /坐|骑|开车|打车|打的|走路|走着|步行|跑着|用|通过|自己|送/;
// The units a number is counted in: a number in another unit than the question's answers another question
// (三楼 or 三千块 for 几个房间 / 什么时候).
const UNIT_CLASSES: [string, RegExp][] = [
  ['clock', /^(点|点钟|点半|分)$/],
  ['date', /^(号|日|月|年|月份|星期|周)$/],
  ['floor', /^(楼|层)$/],
  ['money', /^(块|元|钱|毛|角|块钱)$/],
  ['times', /^(次|遍|回|趟)$/],
  ['span', /^(小时|分钟|天|年|个月|星期|周|钟头)$/],
  ['age', /^岁$/],
];
// 年 / 天 are both a date and a length: a unit may be of more than one class.
const unitClasses = (unit: string): string[] =>
  UNIT_CLASSES.filter(([, re]) => re.test(unit)).map(([c]) => c);
const unitClass = (unit: string): string | null => unitClasses(unit)[0] ?? null;
// The kinds of thing a verb takes as its object (什么 after it asks for one).
const VERB_OBJECTS: Record<string, string[]> = {
  吃: ['food', 'fruit'],
  喝: ['drink'],
  穿: ['clothing'],
  看: ['media', 'leisure'],
  听: ['media'],
  玩: ['leisure', 'sport'],
  学: ['study'],
  学习: ['study'],
  买: ['food', 'clothing', 'device', 'drink', 'fruit', 'media'],
  养: ['animal', 'plant'],
};
// A job is named by who does it (什么工作 → 医生, 老师).
const KIND_ALSO: Record<string, string[]> = { work: ['person'] };

/** The classes an object asked for may belong to: the kind named, or what the verb takes. */
function kindsAsked(form: QuestionForm): string[] {
  const kinds = form.kind ? [form.kind] : (VERB_OBJECTS[form.verb ?? ''] ?? []);
  return kinds.flatMap((k) => [k, ...(KIND_ALSO[k] ?? [])]);
}

// Verbs whose object is an action (做什么 is answered by 做饭, 看书, 跑步).
const ACTION_VERBS = /^(做|干|搞|玩儿)$/;
// Verbs that say how one feels or what one may do, not an action done.
const STATIVE = /^(喜欢|觉得|想|要|会|能|可以|是|有|可能|应该)$/;

// Forms whose answer is specific by itself (a named person, place, time, count or side).
const SPECIFIC = new Set<Asked>(['person', 'place', 'time', 'duration', 'number', 'choice']);

const cache = new Map<string, QuestionForm>();
const CACHE_MAX = 500;

/** The main clause of a question: the one holding its question word, else its last. */
function mainClause(tokens: readonly Token[]): Token[] {
  const clauses: Token[][] = [[]];
  for (const t of tokens) {
    if (t.tag === 'x') clauses.push([]);
    else clauses[clauses.length - 1]?.push(t);
  }
  const real = clauses.filter((c) => c.length > 0);
  return (
    real.find((c) => c.some((t) => /谁|什么|哪|几|多少|怎么|为什么|吗|还是|多久/.test(t.word))) ??
    real[real.length - 1] ??
    []
  );
}

/** Who a clause is about: the person words before its first verb (你妈妈, 他, 我). */
function subjectOf(clause: readonly Token[], lex: Lexicon): string[] {
  const out: string[] = [];
  for (const t of clause) {
    if (/^(v|a|d|p|c)/.test(t.tag) && !PERSON_PRONOUNS.test(t.word)) break;
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
  if (/为什么|为啥|什么原因/.test(q)) asks.add('reason');
  if (/谁/.test(q)) asks.add('person');
  if (/哪儿|哪里|什么地方|去哪|在哪|哪个地方|哪个城市|哪个国家/.test(q)) asks.add('place');
  if (/什么时候|几点|哪天|哪年|星期几|几月|几号|哪一年/.test(q)) asks.add('time');
  if (/几点|哪天|哪年|星期几|几月|几号|哪一年/.test(q)) form.clock = true;
  if (/多久|多长时间|几次|多少次|几个小时|几年了|多少年|几天|几个月|多少天|多长/.test(q))
    asks.add('duration');
  else if (/几|多少|多大|多高|多远/.test(q) && !asks.has('time')) asks.add('number');
  if (/怎么样|怎样|如何|好不好|怎么看|怎么想|觉得.*吗|觉得.*呢/.test(q)) asks.add('evaluation');
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
    const a = words(before.split(/[，,]/).pop() ?? '');
    // 坐地铁去上班: the side ends where the sentence goes on (去上班 is shared by both sides).
    const rest = words(after);
    const stop = rest.findIndex(
      (w) => !a.includes(w) && tokens.some((t) => t.word === w && /^v/.test(t.tag)) && rest.indexOf(w) > 0,
    );
    const b = stop > 0 ? rest.slice(0, stop) : rest;
    form.options = [...new Set([...a.slice(-1), ...b.filter((w) => !a.includes(w))])];
  }
  const what = tokens.findIndex((t) => /^(什么|哪个|哪种|哪些|哪一个|哪儿)$/.test(t.word));
  if (what >= 0 && !asks.has('place') && !asks.has('time')) {
    const next = tokens[what + 1];
    const prev = tokens[what - 1];
    if (next && /^(n|t|vn|l|s)/.test(next.tag)) {
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
    if (last && (last.tag.startsWith('a') || adjective(word))) form.adjective = word;
    else if ([...word].length > 1 && adjective(word.slice(-1))) form.adjective = word.slice(-1);
  }
  form.asks = [...asks];
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
  if (subject.length > 0 && !view) {
    const other = subject.filter((w) => !/^(你|你们|的)$/.test(w));
    form.about = other.length ? { who: 'other', words: other } : { who: 'you', words: subject };
  }
  return form;
}

// 很多 / 许多 are tagged numerals but count nothing; 好几次 does (several).
const isNumber = (t: Token): boolean =>
  /^[零一二两三四五六七八九十百千万半\d]+/.test(t.word) ||
  ((t.tag === 'm' || t.tag === 'mq') && /[零一二两三四五六七八九十百千万半几\d]/.test(t.word));

// Words that are a length of time themselves, not a point in it (晚上 is when, not how long).
const SPAN_WORDS = /^(一会儿|半天|整天|一整天|一辈子|好久|很久|不久|一下午|一上午|一晚上)$/;
// 每天晚上 for 你每天学习多长时间: the 每天 is the question's own, the rest is a time, not a length.
const ownFrequency = (word: string, question: string): boolean => {
  const hit = FREQUENCY.exec(word)?.[0];
  return hit !== undefined && !question.includes(hit);
};
const TIME_UNITS = new Set(['clock', 'date', 'span']);
const DURATION_UNITS = new Set(['span', 'times', 'clock']);
/** The unit classes a 几 / 多少 question counts in: its own (多少钱 → money), none for 个 / 口 / 只. */
function numberUnits(question: string): Set<string> {
  const unit = /(?:几|多少)(\p{Script=Han})/u.exec(question)?.[1] ?? '';
  const cls = unitClass(unit) ?? (/多大/.test(question) ? 'age' : null);
  return new Set(cls ? [cls] : []);
}
/** A number counted in a unit of the classes allowed, or in a unit no class names (四个, 五十个, 三口). */
function inUnit(t: Token, tokens: readonly Token[], allowed: ReadonlySet<string>): boolean {
  if (!isNumber(t)) return false;
  const rest = /^[零一二两三四五六七八九十百千万半几多\d.]+(.*)$/u.exec(t.word)?.[1] ?? t.word;
  const next = tokens[tokens.indexOf(t) + 1];
  const unit = rest || (next && HAN.test(next.word) ? next.word : '');
  const classes = unitClasses(unit.replace(/^半/, ''));
  return classes.length === 0 || classes.some((c) => allowed.has(c));
}
// The body's parts are where a 哪儿不舒服 hurts.
const BODY = /^(头|胃|牙|腿|脚|手|腰|背|眼|耳朵|鼻子|肚子|嗓子|眼睛)/;
const bodily = (word: string): boolean => BODY.test(word) || lexicon().isA(word, 'body');

/** The words of an answer that give one form of its question. */
function giving(
  asked: Asked,
  form: QuestionForm,
  tokens: readonly Token[],
  text: string,
  question: string,
): string[] {
  const lex = lexicon();
  // A word the question said (or said inside a longer word: 过生日 for 你的生日) answers nothing.
  const fresh = tokens.filter((t) => {
    const tail = [...t.word].slice(1).join('');
    return HAN.test(t.word) && !question.includes(t.word) && !(tail.length > 1 && question.includes(tail));
  });
  const words = (pred: (t: Token) => boolean, from: readonly Token[] = fresh): string[] =>
    from.filter(pred).map((t) => t.word);
  switch (asked) {
    case 'person': {
      const asker = form.about?.who === 'you' ? /^(我|你)$/ : /^$/;
      const people = words(
        (t) =>
          (/^nr/.test(t.tag) ||
            (PERSON_PRONOUNS.test(t.word) && !THIRD.test(t.word)) ||
            PERSON_NAME.test(t.word) ||
            lex.isA(t.word, 'person') ||
            lex.isA(t.word, 'family')) &&
          !asker.test(t.word),
      );
      // 和……一起 / 跟……: someone is named as company even when the tagger misses them.
      if (
        people.length === 0 &&
        /(和|跟|同|与)谁/.test(question) &&
        /(和|跟|同)[^，。]{1,6}(一起|一块)/.test(text) &&
        !/(和|跟)(我|你)一起/.test(text)
      )
        return ['和…一起'];
      return people;
    }
    case 'place':
      // 哪儿不舒服 asks where in the body: 头, 肚子, 嗓子 are its places.
      if (/舒服|疼|痛/.test(question)) return words((t) => bodily(t.word));
      return words(
        (t) =>
          t.tag !== 'r' &&
          !(lex.entry(t.word)?.pos ?? '').startsWith('a') &&
          (/^(ns|s)$/.test(t.tag) || lex.isA(t.word, 'place')),
      ).concat(
        /在(家|这儿|那儿|这里|那里)|去\p{Script=Han}{1,4}(玩|旅游|看)|网上|上网/u.test(text)
          ? ['在/去…']
          : [],
      );
    case 'time':
      if (form.clock)
        return words((t) => inUnit(t, tokens, TIME_UNITS) || /^(星期|周)[一二三四五六日天]$/.test(t.word));
      return words(
        (t) => !isNumber(t) && (t.tag === 't' || lex.isA(t.word, 'time') || TIME_WORDS.test(t.word)),
      )
        .concat(words((t) => inUnit(t, tokens, TIME_UNITS)))
        .concat(/的时候|以后|以前/.test(text) && !/的时候|以后|以前/.test(question) ? ['…的时候'] : []);
    case 'duration':
      return words(
        (t) =>
          (!isNumber(t) && (ownFrequency(t.word, question) || SPAN_WORDS.test(t.word))) ||
          inUnit(t, tokens, DURATION_UNITS) ||
          (isNumber(t) && FREQUENCY.test(t.word)),
      );
    case 'number':
      return words((t) => inUnit(t, tokens, numberUnits(question)));
    case 'reason': {
      if (REASON.test(text)) return [REASON.exec(text)?.[0] ?? '因为'];
      // A reason is often said without 因为: a wish or a liking the question did not say (我想跟她的家人聊天).
      return words((t) => MOTIVE.test(t.word));
    }
    case 'choice': {
      const options = form.options ?? [];
      const picked = tokens
        .filter(
          (t) =>
            options.some((o) => t.word.includes(o) || o.includes(t.word)) &&
            HAN.test(t.word) &&
            t.word.length > 0,
        )
        .map((t) => t.word);
      if (picked.length) return picked;
      if (/都|两个|两种|都不|哪个都/.test(text)) return ['都'];
      // A third option of the same kind (喝牛奶 for 茶还是咖啡), taken by the question's own verb or by
      // none: 吃鱼 for 喜欢猫还是喜欢狗 is another thing done, not a third pet.
      return fresh
        .filter((t) => options.some((o) => relatedness(lex, t.word, o) > 0))
        .filter((t) => {
          const i = tokens.indexOf(t);
          const verb = tokens
            .slice(0, i)
            .reverse()
            .find((v) => /^v/.test(v.tag));
          return !verb || question.includes(verb.word);
        })
        .map((t) => t.word);
    }
    case 'evaluation':
      return words(
        (t) =>
          t.tag.startsWith('a') ||
          (lex.entry(t.word)?.pos ?? '').startsWith('a') ||
          EVALUATION_WORDS.test(t.word),
      );
    case 'manner':
      return words(
        (t) =>
          MEANS.test(t.word) ||
          lex.isA(t.word, 'vehicle') ||
          (/^(v|vn|n)/.test(t.tag) && !STATIVE.test(t.word)),
      );
    case 'object': {
      const kinds = kindsAsked(form);
      const kindWord = form.kindWord;
      const headed = (w: string): boolean => headedBy(w, kindWord);
      const modified = (w: string): boolean =>
        kindWord !== undefined && w.length > kindWord.length && w.startsWith(kindWord);
      const ofKind = words(
        (t) =>
          !modified(t.word) &&
          (headed(t.word) ||
            kinds.some((k) => lex.isA(t.word, k)) ||
            (kindWord !== undefined && relatedness(lex, t.word, kindWord) > 0)),
      );
      // 爱情电影 / 中国电影 said as two words: the one before the kind word names a kind of it.
      const modifiers = tokens
        .filter(
          (t, i) =>
            kindWord !== undefined &&
            tokens[i + 1]?.word === kindWord &&
            HAN.test(t.word) &&
            /^(n|a|nz|ns|l|vn)/.test(t.tag),
        )
        .map((t) => t.word);
      if (ofKind.length || modifiers.length) return [...ofKind, ...modifiers];
      const action = !form.kind && form.verb !== undefined && ACTION_VERBS.test(form.verb);
      // Learners name things no list holds: a noun the lexicon does not know may be the thing asked
      // for; one it knows as another kind (米饭 for 什么工作) is not.
      const unknown = (t: Token): boolean =>
        kinds.length === 0 || (lex.entry(t.word)?.classes.size ?? 0) === 0;
      return words((t) =>
        // 做什么 wants something done (做饭, 看电视), not a thing (天气).
        action
          ? (/^(v|vn)/.test(t.tag) || (/^n/.test(t.tag) && (lex.entry(t.word)?.pos ?? '').startsWith('v'))) &&
            !STATIVE.test(t.word)
          : /^(n|nz|vn|nr|ns|t)$/.test(t.tag) && t.word !== '东西' && !modified(t.word) && unknown(t),
      );
    }
    case 'yes_no': {
      // The question's own verb or adjective said (养过, 喜欢, 不远), an opening yes or no, and for an
      // adjective's question any verdict of degree (很近, 不太贵, 还可以, 挺难的).
      const opening = openingYesNo(tokens, question);
      // The question's predicate said again: its adjective (不远), else one of its verbs (养过, 喜欢).
      const own = tokens.filter((t) =>
        form.adjective !== undefined
          ? t.word === form.adjective
          : /^v/.test(t.tag) && t.tag !== 'vn' && question.includes(t.word),
      );
      // Another adjective after a subject said again (这个菜很贵 for 这个菜辣吗) is another property, not
      // the verdict: an elliptical 很近 / 挺难的 is.
      const subjectBefore = (i: number): boolean => {
        for (let j = i - 1; j >= 0 && tokens[j]?.tag !== 'x'; j--)
          if (/^(n|r)/.test(tokens[j]?.tag ?? '')) return true;
        return false;
      };
      const adjectival = (t: Token): boolean =>
        t.tag.startsWith('a') || (lex.entry(t.word)?.pos ?? '').startsWith('a');
      // After a degree adverb any word is said as an adjective (很热情/n, 挺好的); 不太好 may be one token.
      const verdict =
        form.adjective !== undefined
          ? tokens.filter(
              (t, i) =>
                MIDDLING.test(t.word) ||
                (DEGREED.test(t.word) && !subjectBefore(i)) ||
                (HAN.test(t.word) &&
                  (adjectival(t) || /^(n|a|l|v)/.test(t.tag)) &&
                  DEGREE.test(tokens[i - 1]?.word ?? '') &&
                  (t.word === form.adjective || !subjectBefore(i))),
            )
          : [];
      return [...opening, ...own.map((t) => t.word), ...verdict.map((t) => t.word)];
    }
  }
}

/** Who the answer is about against who the question is about. */
function aboutOf(form: QuestionForm, tokens: readonly Token[]): FormAnswer['about'] {
  if (!form.about) return 'unknown';
  const lex = lexicon();
  const clauses: Token[][] = [[]];
  for (const t of tokens) {
    if (t.tag === 'x') clauses.push([]);
    else clauses[clauses.length - 1]?.push(t);
  }
  const subjects = clauses.map((c) => subjectOf(c, lex)).filter((s) => s.length > 0);
  if (subjects.length === 0) return 'unknown';
  // A first clause without a subject keeps the question's (没有，我妈妈怕狗 / 都很热情，他们会帮我).
  const first = clauses.find((c) => c.some((t) => HAN.test(t.word) && !FILLERS.test(t.word)));
  if (first && subjectOf(first, lex).length === 0 && first.some((t) => /^(v|a|d|m)/.test(t.tag)))
    return 'question';
  const said = tokens.map((t) => t.word);
  if (form.about.who === 'you') {
    // 你 expects 我; an answer whose every subject is someone else is about someone else.
    const me = subjects.some((s) => s.length === 1 && /^(我|我们)$/.test(s[0] ?? ''));
    // 我爸爸 / 我同事 is someone else; a 我 of its own anywhere (他和我一起…, 我也…) is the learner.
    const others = subjects[0]?.some((w) => THIRD.test(w) || (w !== '我' && w !== '我们' && w !== '的'));
    const meAlone = said.some(
      (w, i) =>
        /^(我|我们)$/.test(w) && !subjects.some((s) => s.length > 1 && s[0] === w && said[i + 1] === s[1]),
    );
    return me ? 'question' : others && !meAlone ? 'other' : 'unknown';
  }
  // 你妈妈 expects 她 / 我妈妈 / 妈妈; a bare 我 as the first subject is the learner instead.
  const named = form.about.words;
  const mentions = subjects.some((s) => s.some((w) => named.includes(w) || THIRD.test(w)));
  if (mentions) return 'question';
  const lead = subjects[0] ?? [];
  if (lead.length === 1 && /^(我|我们)$/.test(lead[0] ?? '')) return 'other';
  // 他们会帮我: the ones asked about may be named outside a subject.
  return tokens.some((t) => THIRD.test(t.word) || named.includes(t.word)) ? 'question' : 'unknown';
}

// Days that are part of a span the question names (周六上午 is at the weekend).
const PART_OF: Record<string, RegExp> = { 周末: /周六|周日|星期六|星期天|星期日|礼拜六|礼拜天/ };
const within = (time: string, frame: string): boolean => PART_OF[frame]?.test(time) ?? false;

/** Whether the answer's first clause is set at a time the question did not name (it answers a neighbouring question). */
function otherTime(form: QuestionForm, tokens: readonly Token[]): boolean {
  const when = form.when;
  if (!when) return false;
  const end = tokens.findIndex((t) => t.tag === 'x');
  const first = end < 0 ? tokens : tokens.slice(0, end);
  const times = first.filter((t) => t.tag === 't' || (isNumber(t) && /点|号/.test(t.word)));
  return (
    times.length > 0 &&
    !times.some((t) => when.some((w) => w.includes(t.word) || t.word.includes(w) || within(t.word, w)))
  );
}

// The character that heads the names of a kind: 篮球 / 打乒乓球 are ball games, 圣诞节 a festival.
const KIND_HEAD: Record<string, RegExp> = { sport: /球$/, festival: /节$/ };

/**
 * Chinese compounds are right-headed: 爱情电影 is a film and 电影院 is not; a two-character kind's
 * character ends the names of its kinds (中秋节 / 春节 for 节日, 红色 for 颜色, 苹果 for 水果).
 */
function headedBy(word: string, kindWord: string | undefined): boolean {
  if (!kindWord || word === kindWord || !HAN.test(word)) return false;
  const k = [...kindWord];
  if (word.length > kindWord.length && word.endsWith(kindWord)) return true;
  const kind = lexicon().names(kindWord);
  if (kind && KIND_HEAD[kind]?.test(word)) return true;
  return (
    k.length === 2 && [...word].length >= 2 && k.some((c) => word.endsWith(c)) && !word.startsWith(kindWord)
  );
}

/** The yes or no an answer opens with (没有，…… / 当然会 / 有空), if it opens with one. */
function openingYesNo(tokens: readonly Token[], question: string): string[] {
  const first = tokens.find((t) => HAN.test(t.word) && !FILLERS.test(t.word))?.word ?? '';
  const asked = /(\p{Script=Han})[不没]\1/u.exec(question)?.[1] ?? '';
  return YES_NO.test(first) || (asked !== '' && first.startsWith(asked)) ? [first] : [];
}

// A bare 他 / 她 names nobody: who is meant is what 谁 asks (每个星期见他两次 does not say with whom).
const named = (people: readonly string[]): boolean => people.some((w) => !PERSON_PRONOUNS.test(w));

const actions = (from: readonly Token[]): Token[] =>
  from.filter(
    (t) =>
      /^v/.test(t.tag) && t.tag !== 'vn' && !STATIVE.test(t.word) && !/^(去|来|到|在|做|过|了)$/.test(t.word),
  );

// Forms that measure an action (when, how long, how often, how many): the action must be the question's.
const OF_ACTION = new Set<Asked>(['time', 'duration', 'number']);
const sharesChar = (a: string, b: string): boolean => [...a].some((c) => b.includes(c));

/** Whether the clause that gives the form is about another action than the question's verb. */
function otherAction(
  form: QuestionForm,
  tokens: readonly Token[],
  given: FormAnswer['given'],
  question: string,
): boolean {
  const words = form.asks.filter((a) => OF_ACTION.has(a)).flatMap((a) => given[a] ?? []);
  if (words.length === 0) return false;
  const asked = form.actions ?? [];
  if (asked.length === 0 || !question) return false;
  const clauses: Token[][] = [[]];
  for (const t of tokens) {
    if (t.tag === 'x') clauses.push([]);
    else clauses[clauses.length - 1]?.push(t);
  }
  const giving = clauses.find((c) => c.some((t) => words.includes(t.word)));
  if (!giving) return false;
  const own = actions(giving);
  return own.length > 0 && !own.some((t) => asked.some((q) => sharesChar(t.word, q)));
}

/** Whether an answer gives what its question asks for, and whether it is about the question's subject. */
export function answerForm(form: QuestionForm, tokens: readonly Token[], question: string): FormAnswer {
  const text = spokenChars(tokens.map((t) => t.word).join('')).join('');
  const given: FormAnswer['given'] = {};
  for (const asked of form.asks) {
    const by = giving(asked, form, tokens, text, question);
    if (by.length) given[asked] = [...new Set(by)].slice(0, 4);
  }
  const answered = form.asks.length === 0 || form.asks.some((a) => given[a] !== undefined);
  const lex = lexicon();
  const kinds = kindsAsked(form);
  const specific = form.asks.some(
    (a) =>
      given[a] !== undefined &&
      ((SPECIFIC.has(a) && (a !== 'person' || named(given.person ?? []))) ||
        (a === 'manner' && (given.manner ?? []).some((w) => MEANS.test(w) || lex.isA(w, 'vehicle'))) ||
        // A yes or no said first, or a verdict on the adjective asked, is the whole of a yes/no task.
        (a === 'yes_no' && (form.adjective !== undefined || openingYesNo(tokens, question).length > 0)) ||
        (a === 'object' &&
          (given.object ?? []).some(
            (w) => headedBy(w, form.kindWord) || (kinds.length > 0 && kinds.some((k) => lex.isA(w, k))),
          ))),
  );
  return {
    asks: form.asks,
    given,
    answered,
    specific,
    // 谁 asked and a person named: that person is the answer (我姐姐 for 你最好的朋友是谁), not its subject.
    about: given.person && named(given.person) ? 'question' : aboutOf(form, tokens),
    otherTime: otherTime(form, tokens),
    otherAction: otherAction(form, tokens, given, question),
  };
}

/** Length of the longest common subsequence of two lists. */
function commonRun(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const ca of a) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 0; j < b.length; j++)
      cur[j + 1] = ca === b[j] ? (prev[j] ?? 0) + 1 : Math.max(prev[j + 1] ?? 0, cur[j] ?? 0);
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

const ECHO_OF_ANSWER = 0.8;
const ECHO_OF_QUESTION = 0.6;
const QUESTION_WORDS = /什么|谁|哪|几|多少|怎么|为什么|吗|呢|还是|多久/g;
// Hesitations a recogniser writes, and the 我 a learner puts before the question said back.
const FILLERS = /^[嗯呃额啊哦唉]$/;

/**
 * Whether the answer says the question back: most of its sounds are the question's, in order, and
 * they are most of the question, with 你 heard as 我, hesitations and punctuation ignored and
 * homophones (the recogniser's spelling) counted as the same. It is an echo when it still holds the
 * question's own question word (你的生日是几月几号 → 我的生日是几月几号) or gives nothing the question
 * asks for; 我家有四个人 for 你家有几个人 takes the question up and answers it.
 */
export function isEcho(
  question: string,
  answer: readonly string[],
  sounds: (chars: readonly string[]) => string[],
  answered: boolean,
): boolean {
  const q = spokenChars(question).map((c) => (c === '你' || c === '您' ? '我' : c));
  const a = answer.filter((c) => !FILLERS.test(c));
  if (q.length < 4 || a.length < 3) return false;
  const common = commonRun(sounds(q), sounds(a));
  if (common / a.length < ECHO_OF_ANSWER || common / q.length < ECHO_OF_QUESTION) return false;
  // 会不会 / 有没有 ask as a question word does: said back, they are still the question.
  const aNotA = /(\p{Script=Han})[不没]\1|有没有/u.exec(question)?.[0];
  const asked = [...(question.match(QUESTION_WORDS) ?? []), ...(aNotA ? [aNotA] : [])];
  const text = a.join('');
  return asked.some((w) => text.includes(w)) || !answered;
}

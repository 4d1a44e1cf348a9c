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
import { sameAsked, statement, YOU_TOO } from './statement-form.js';

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
  same?: {
    verb: string;
    verbs: string[];
    kinds: string[];
    frame: string[];
    things: string[];
    /** 我周末打算去爬山 / 我打过工: a plan or a thing once done, which any plan or experience of one's own takes up. */
    told?: 'plan' | 'experience';
  };
  /** 你的小狗今年几岁了 / 你们的教室在几楼: a thing of the learner's that the question is about. */
  owned?: string;
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
    // (邻居 may be tagged a verb: the lexicon knows it as a noun for a person.)
    const personNoun = (lex.entry(t.word)?.pos ?? '').startsWith('n') && lex.isA(t.word, 'person');
    if (/^(v|a|d|p|c)/.test(t.tag) && !PERSON_PRONOUNS.test(t.word) && !personNoun) break;
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
    // 大卫今天没交作业: a name the lexicon does not know is someone too, when something is said of it
    // (李娜。 alone names the one asked for).
    if (
      PERSON_PRONOUNS.test(t.word) ||
      lex.isA(t.word, 'person') ||
      lex.isA(t.word, 'family') ||
      (t.tag === 'nr' && !lex.entry(t.word) && clause.slice(i + 1).some((u) => /^v/.test(u.tag)))
    )
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
  const owned = head
    .slice(de + 1)
    .filter((t) => (/^n/.test(t.tag) || (lex.entry(t.word)?.pos ?? '').startsWith('n')) && person(t));
  if (owned.length === 0 || owner.length === 0) return null;
  return [...owner, ...owned].map((t) => t.word);
}

/** 你的小狗 / 你们的教室 opening a clause: the thing of the learner's it is about (not a person, a home or a time). */
function ownedThing(clause: readonly Token[], lex: Lexicon): string | undefined {
  const words = clause.filter((t) => HAN.test(t.word));
  const [owner, de] = words;
  // The noun run after 的 is headed by its last noun (你的汉语老师: a teacher).
  let end = 2;
  while (/^(n|nz|nr)$/.test(words[end + 1]?.tag ?? '')) end++;
  const thing = words[end];
  if (!owner || !/^(你|你们)$/.test(owner.word) || de?.word !== '的' || !thing) return undefined;
  const isThing =
    // (小狗 may come tagged as a name: the lexicon knows it.)
    (/^(n|nz)$/.test(thing.tag) || (thing.tag === 'nr' && lex.entry(thing.word) !== undefined)) &&
    [...thing.word].length > 1 &&
    // (汉语老师 is a person: a word headed by one.)
    ![...thing.word].some((_, k) => {
      const head = [...thing.word].slice(k).join('');
      return lex.isA(head, 'person') || lex.isA(head, 'family');
    }) &&
    !/^(家|家里|国家|老家|家乡|那儿|那里|时候|时间|生日|名字|爱好)$/.test(thing.word);
  return isThing ? thing.word : undefined;
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
  const noun = last !== undefined && (/^(n|vn)/.test(last.tag) || PASTIME.test(last.word));
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
  // 买东西的时候 sets the occasion: nothing owned is judged.
  if (/^(时候|时间|以后|以前)$/.test(thing.word)) return undefined;
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
    // 在家 may come as one word (tagged a pronoun): the place after its 在 is the side.
    const side = (ts: readonly Token[]): string[] =>
      ts
        .map((t) => (/^在\p{Script=Han}+$/u.test(t.word) ? { ...t, word: t.word.slice(1), tag: 's' } : t))
        .filter((t) => /^(n|v|a|t|s|nr|nz|vn|l|eng)/.test(t.tag) && !/喜欢|觉得|想|要/.test(t.word))
        .map((t) => t.word);
    const clauseStart = (): number => {
      for (let i = pivot - 1; i >= 0; i--) if (tokens[i]?.tag === 'x') return i + 1;
      return 0;
    };
    const a =
      pivot >= 0 ? side(tokens.slice(clauseStart(), pivot)) : words(before.split(/[，,]/).pop() ?? '');
    // 坐地铁去上班: the side ends where the sentence goes on (去上班 is shared by both sides).
    const rest = pivot >= 0 ? side(tokens.slice(pivot + 1)) : words(after);
    // (去游泳: 游泳, tagged a verbal noun, is the side itself, not the sentence going on.)
    const stop = rest.findIndex(
      (w, i) =>
        !a.includes(w) && tokens.some((t) => t.word === w && /^v/.test(t.tag) && t.tag !== 'vn') && i > 0,
    );
    const b = stop > 0 ? rest.slice(0, stop) : rest;
    // 在超市买菜还是在市场买菜: what both sides say (买菜) is no side; the last word before 还是 that
    // only one side says is.
    // (玩 of 在家里玩 is inside 出去玩: a word the other side holds is no side either.)
    const own = a.filter((w) => !b.some((x) => x.includes(w)));
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
  if (asks.size === 0 && YOU_TOO.test(q)) {
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
  // (做完了没有 / 吃了没有: 没有 closing the question asks it too.)
  if (asks.size === 0 && (/吗[？?。！!]?$|吗[？?]|了没有[？?。！!]?$/.test(q) || aNotA)) {
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
  // 你找不到路的时候，一般问谁: a main clause without a subject keeps the one the question opened on.
  const opened = clausesAtPunctuation(tokens).find((c) => c.some((t) => HAN.test(t.word))) ?? [];
  const own = subjectOf(mainClause(tokens), lex);
  const occasion = opened.some((t) => /^(时候|的时候|以后|以前)$/.test(t.word));
  const subject =
    own.length || !occasion ? own : subjectOf(opened, lex).filter((w) => /^(你|你们|您)$/.test(w));
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
  const owned = ownedThing(mainClause(tokens), lex);
  if (owned && !asks.has('choice') && form.about?.who !== 'other') form.owned = owned;
  return form;
}

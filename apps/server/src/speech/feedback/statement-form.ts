/**
 * A statement before 你呢 (我中午常常吃饺子，你呢？): what it asks of the learner (what may differ: a time, a
 * count, the way one goes, a thing, a place, or whether the learner does it too), its verbs, kinds of
 * thing and occasion, and whether an answer takes it up. The question is read in `question-form.ts`.
 */
import { lexicon } from './lexicon.js';
import type { Lexicon } from './lexicon.js';
import { sameAction, STATIVE } from './form-words.js';
import type { Asked, QuestionForm } from './question-form.js';
import { HAN } from './segment.js';
import type { Token } from './segment.js';

/** 你呢 / 你们公司呢 ending a question: the statement before it is asked of the learner. */
export const YOU_TOO = /[，,]?\s*(你|你们|您)\p{Script=Han}{0,4}呢[？?！!。]?\s*$/u;

// 吃饺子 / 喝咖啡 may come as one token: a one-character verb and the thing it takes.
const ONE_CHARACTER_VERBS = '吃|喝|做|看|买|玩|学|打|听|穿|带|开|坐|骑|用|有|去|上|写|唱|养|放|加';
const VERB_AND_OBJECT = new RegExp(`^(${ONE_CHARACTER_VERBS})(\\p{Script=Han}+)$`, 'u');
// 穿 may come tagged as a bound morpheme (zg): a verb of the list is a verb whatever the tagger says.
const ONE_CHARACTER_VERB = new RegExp(`^(${ONE_CHARACTER_VERBS})$`);

/**
 * A verb of a statement: 开学 / 刮风 / 洗碗 may come tagged as nouns, where the lexicon knows a verb or the
 * word is a verb and its object (刮 + 风).
 */
function statementVerb(t: Token, lex: Lexicon): boolean {
  if (
    (/^v/.test(t.tag) && t.tag !== 'vn') ||
    (ONE_CHARACTER_VERB.test(t.word) && /^(zg|vg|g|ng)$/.test(t.tag))
  )
    return true;
  if (!/^n/.test(t.tag)) return false;
  return (
    (lex.entry(t.word)?.pos ?? '').startsWith('v') || /^(刮|下|洗|扫|擦|打|做)\p{Script=Han}$/u.test(t.word)
  );
}

/**
 * What 你呢 asks after a statement: what the statement says at its end, after its last verb (吃饺子 → a
 * thing eaten, 去公园 → a place), else what it says before a verb it ends on (七点起床 → a time).
 */
export function sameAsked(whole: readonly Token[], lex: Lexicon): { asks: Asked; verb?: string } | null {
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
  // (这个星期天要去朋友家: a day a plan is set on is its scene; the plan is what differs.)
  const planned = said.some((t) => PLAN.test(t.word));
  if (before.some((t) => CLOCK.test(t.word) && !(planned && !/点/.test(t.word)))) return { asks: 'time' };
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
export function statement(
  said: readonly Token[],
  lex: Lexicon,
): Omit<NonNullable<QuestionForm['same']>, 'verb'> {
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
  const means = (i: number): boolean => /^(用|拿)$/.test(predicate[i - 1]?.word ?? '');
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
      // 用手机看新闻: what one does it with is the means, not the thing said.
      !means(i) &&
      // A place or a person said again (北京很大 for 我是北京人) is about it, not the same said of oneself.
      !['place', 'person', 'family'].some((c) => lex.isA(t.word, c))
    )
      things.push(t.word);
  }
  const kinds = predicate.flatMap((t, i) =>
    means(i) ? [] : [...(lex.entry(t.word)?.classes ?? [])].filter((c) => THING_KINDS.has(c)),
  );
  // 我打算在家休息 / 我要去同学家: a plan; 我在咖啡馆打过工: a thing once done.
  const told = said.some((t) => PLAN.test(t.word)) ? 'plan' : said.some(onceDone) ? 'experience' : undefined;
  return { verbs, kinds: [...new Set(kinds)], frame, things, ...(told ? { told } : {}) };
}
const PLAN = /^(打算|准备|计划|要|想|决定)$/;

/**
 * 我要回老家 / 我准备在家看书 for 我周末打算去爬山，你呢: a plan of one's own (a plan word and an action after
 * it); 我在书店工作过 / 我没当过老师 for 我打过工，你呢: a thing one has (or has not) done.
 */
function toldOfOwn(told: 'plan' | 'experience', said: readonly Token[]): string | null {
  const act = (t: Token | undefined): boolean =>
    t !== undefined && /^v/.test(t.tag) && t.tag !== 'vn' && !STATIVE.test(t.word);
  if (told === 'plan') {
    const at = said.findIndex((t, i) => PLAN.test(t.word) && said.slice(i + 1).some(act));
    if (at >= 0) return said[at]?.word ?? null;
    // 我在家休息 / 我去打工: what one will do, told plainly (not a habit: 我每天晚上十二点睡觉).
    if (said.some((t) => HABIT.test(t.word))) return null;
    return said.find(act)?.word ?? null;
  }
  return said.find(onceDone)?.word ?? null;
}

/** 过 after a verb (去过, 打过工 as one word, 工作 过 however the tagger calls 工作), not 不过 / 过去 / 难过. */
const onceDone = (t: Token, i: number, all: readonly Token[]): boolean =>
  (t.word === '过' && i > 0 && HAN.test(all[i - 1]?.word ?? '')) ||
  (/^\p{Script=Han}{1,2}过\p{Script=Han}?$/u.test(t.word) && !NOT_DONE.test(t.word));
const NOT_DONE = /^(不过|难过|经过|通过|超过|过去|过年|过来|错过|路过|度过|只不过|放过)$/;

/** Whether a word belongs to the statement's occasion (咖啡 of 喝咖啡的时候不放糖). */
export const ofOccasion = (
  same: Pick<NonNullable<QuestionForm['same']>, 'frame'> | undefined,
  word: string,
): boolean => (same?.frame ?? []).some((f) => f.includes(word));

// (我先看手机 for 我起床以后先喝一杯水: what one does first is a habit told in the statement's way.)
const HABIT = /^(常常|经常|一般|平时|有时候|总是|每天|常|先)$/;
/** A verb and the thing it takes (玩游戏, 听歌), not a state (喜欢, 是). */
const actedOn = (t: Token, next: Token | undefined): boolean =>
  /^v/.test(t.tag) && t.tag !== 'vn' && !STATIVE.test(t.word) && next !== undefined && /^n/.test(next.tag);

/**
 * 我也吃 / 我没有 / 我也是 / 一样, or a verb, a thing of the same kind or the time the statement before 你呢
 * says (我坐地铁去 for 我坐公共汽车去学校, 我喝花茶 for 喝牛奶, 睡觉以前我看书): the statement said of oneself.
 */
export function sameTaken(
  same: NonNullable<QuestionForm['same']>,
  asks: readonly Asked[],
  tokens: readonly Token[],
  text: string,
): string | null {
  const verbs = [same.verb, ...same.verbs].join('|');
  const taken = new RegExp(`(也|都|不|没|没有|还)(常常|经常|也|不|一般|会|要|想)?(${verbs})|也是|一样|我也`);
  const word = taken.exec(text)?.[0];
  if (word) return word;
  const said = tokens.filter((t) => HAN.test(t.word));
  const own = same.told ? toldOfOwn(same.told, said) : null;
  if (own) return own;
  // Where a time, a count or a place is what differs, only that (or 我也…/我不…) answers: 我喜欢玩游戏 does
  // not say how long.
  if (asks.some((a) => a === 'time' || a === 'number' || a === 'place')) return null;
  const lex = lexicon();
  // 不用洗碗 / 加两块糖: the statement's action or thing said again, whatever the tagger calls it.
  const again = said.find(
    (t) =>
      same.verbs.some((v) => v !== same.verb && v.length > 1 && t.word.includes(v)) ||
      same.things.some((w) => t.word === w || (w.length > 1 && t.word.includes(w))),
  );
  if (again) return again.word;
  for (const [i, t] of said.entries()) {
    if (
      !/^v/.test(t.tag) ||
      t.tag === 'vn' ||
      /^(以前|以后|之前|之后|的时候|时候)$/.test(said[i + 1]?.word ?? '')
    )
      continue;
    // The main verb is taken up with a thing of its own (吃饭 alone says no more than eating).
    const other = same.verbs.filter((v) => v !== same.verb);
    if (other.some((v) => t.word.startsWith(v) || sameAction(t.word, v))) return t.word;
  }
  // A thing of a kind named (花茶), not the class word (饭) nor the eating of it (吃饭).
  const kind = said.find(
    (t) =>
      /^(n|v)/.test(t.tag) &&
      !lex.names(t.word) &&
      !lex.names(t.word.slice(1)) &&
      // (咖啡 of 喝咖啡的时候 is the occasion's.)
      !ofOccasion(same, t.word) &&
      [...(lex.entry(t.word)?.classes ?? [])].some((c) => same.kinds.includes(c)),
  );
  if (kind) return kind.word;
  // 我常常玩游戏 for 我晚上常常用手机看新闻: a habit of one's own told in the statement's way is what one
  // does instead.
  const habit = said.findIndex((t) => HABIT.test(t.word));
  // (喝一杯咖啡 of 喝咖啡的时候不放糖 is the occasion again.)
  const instead =
    habit >= 0 &&
    said.slice(habit + 1).some((t, i, rest) => {
      // (看一会儿新闻: how long may stand between the verb and its thing.)
      const thing = rest[i + 1]?.tag === 'm' ? rest[i + 2] : rest[i + 1];
      return actedOn(t, thing) && !ofOccasion(same, thing?.word ?? '');
    });
  if (instead && asks.includes('object')) return said[habit]?.word ?? null;
  // An action of the answer's own beside the occasion (放假的时候 + 很贵 says nothing done).
  const acting = said.some(
    (t) => /^v/.test(t.tag) && t.tag !== 'vn' && !STATIVE.test(t.word) && !ofOccasion(same, t.word),
  );
  return acting ? (same.frame.find((f) => text.includes(f)) ?? null) : null;
}

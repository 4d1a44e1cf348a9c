/**
 * The words and shapes by which an answer gives what its question asks for: persons, units of a number,
 * degrees and verdicts, means, body parts, the heads of kinds, an opening yes or no.
 */
import { lexicon } from './lexicon.js';
import type { Asked, QuestionForm } from './question-form.js';
import { HAN } from './segment.js';
import type { Token } from './segment.js';

export const PERSON_PRONOUNS = /^(我|你|他|她|我们|你们|他们|她们|大家|自己|别人|咱们)$/;
export const THIRD = /^(他|她|他们|她们)$/;
// 小张 / 老王 and words made with an agent suffix (同屋, 室友, 同学) name a person the lexicon may not hold.
export const PERSON_NAME =
  /^[小老][\p{Script=Han}]$|^\p{Script=Han}*(友|同学|同事|同屋|师傅|老师|先生|女士|阿姨|叔叔)$/u;
export const FREQUENCY =
  /每天|每个|每周|每年|每次|常常|经常|有时候|有时|一直|总是|从来|很少|偶尔|天天|一次|两次|次|遍|回/;
export const TIME_WORDS =
  /早上|上午|中午|下午|晚上|夜里|今天|明天|昨天|周末|星期|月|号|年|时候|以后|以前|每天|刚才|现在|马上|春天|夏天|秋天|冬天|假期|寒假|暑假/;
export const REASON = /因为|所以|为了|由于|因此|原因|是因为/;
export const MOTIVE = /^(想|希望|打算|喜欢|爱|需要|感兴趣|有意思|有用|方便)$/;
export const EVALUATION_WORDS =
  /好|不错|喜欢|满意|一般|舒服|方便|有意思|好吃|好看|好玩|难|容易|贵|便宜|漂亮|干净|棒/;
// A yes or a no: counts where the answer opens with it (是的。/ 不，……), not inside another sentence.
const YES_NO = /^(是|是的|不|不是|没|没有|有|会|不会|能|对|可以|要|想|当然|好|行)$/;
// A degree or a middling verdict answers an adjective's yes/no question (远吗 → 很近 / 不太远 / 还可以).
export const DEGREE =
  /^(很|挺|太|非常|特别|比较|有点|有点儿|有一点|一点儿|一点|不太|不|没|真|还|还可以|还行|一般|马马虎虎|最)$/;
export const DEGREED =
  /^(很|挺|太|不太|不|没那么|有点儿?|一点儿?也?不|非常|特别|比较|真)\p{Script=Han}{1,2}$/u;
export const MIDDLING = /还可以|还行|一般|马马虎虎|还好|差不多/;
// 怎么去 is answered by a means: a vehicle, a way of going, or a tool taken (骑自行车去, 坐地铁, 打车).
export const MEANS =
  /坐|骑|开车|打车|打的|走路|走着|步行|跑着|用|通过|自己|送|地铁|公交|公共汽车|出租车|火车|飞机|高铁|自行车|汽车|船|摩托/;
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
// A job is named by who does it (什么工作 → 医生, 老师); a fruit by the plant that bears it (西瓜).
// 鱼 / 鸡 are animals the lexicon knows, and dishes on a table (做鱼, 吃鸡).
export const KIND_ALSO: Record<string, string[]> = { work: ['person'], fruit: ['plant'], food: ['animal'] };

/** The classes an object asked for may belong to: the kind named, or what the verb takes. */
export function kindsAsked(form: QuestionForm): string[] {
  const kinds = form.kind ? [form.kind] : (VERB_OBJECTS[form.verb ?? ''] ?? []);
  return kinds.flatMap((k) => [k, ...(KIND_ALSO[k] ?? [])]);
}

// Verbs whose object is an action (做什么 is answered by 做饭, 看书, 跑步).
export const ACTION_VERBS = /^(做|干|搞|玩儿)$/;
// Verbs that say how one feels or what one may do, not an action done.
export const STATIVE = /^(喜欢|觉得|想|要|会|能|可以|是|有|可能|应该)$/;

// Forms whose answer is specific by itself (a named person, place, time, count or side).
export const SPECIFIC = new Set<Asked>(['person', 'place', 'time', 'duration', 'number', 'choice']);

// 很多 / 许多 are tagged numerals but count nothing; 好几次 does (several).
// 一般 / 一起 / 一定 start with 一 but count nothing.
const NOT_A_NUMBER = /^一(般|起|直|定|样|下子|共|切|边|会儿|点儿?|块儿)$|^(万一|一一)$/;
export const isNumber = (t: Token): boolean =>
  (/^([零一二两三四五六七八九十百千万半\d]+|好几)/.test(t.word) && !NOT_A_NUMBER.test(t.word)) ||
  ((t.tag === 'm' || t.tag === 'mq') && /[零一二两三四五六七八九十百千万半几\d]/.test(t.word));

// Words that are a length of time themselves, not a point in it (晚上 is when, not how long).
export const SPAN_WORDS = /^(一会儿|半天|整天|一整天|一辈子|好久|很久|不久|一下午|一上午|一晚上)$/;
// 每天晚上 for 你每天学习多长时间: the 每天 is the question's own, the rest is a time, not a length.
export const ownFrequency = (word: string, question: string): boolean => {
  const hit = FREQUENCY.exec(word)?.[0];
  return hit !== undefined && !question.includes(hit);
};
export const TIME_UNITS = new Set(['clock', 'date', 'span']);
export const POINT_UNITS = new Set(['clock', 'date']);
// 十一点 says when, not how long: a clock time is no length (睡几个小时 is not answered by 十一点睡觉).
export const DURATION_UNITS = new Set(['span', 'times']);
/** The unit classes a 几 / 多少 question counts in: its own (多少钱 → money), none for 个 / 口 / 只. */
export function numberUnits(question: string): Set<string> {
  const unit = /(?:几|多少)(\p{Script=Han})/u.exec(question)?.[1] ?? '';
  const cls = unitClass(unit) ?? (/多大/.test(question) ? 'age' : null);
  return new Set(cls ? [cls] : []);
}
const NUMERAL = /^[零一二两三四五六七八九十百千万半几多\d.]+$/u;
// Words that count things (四个, 三口人, 两杯): a number before another noun (三零二教室) labels, not counts.
const CLASSIFIER =
  /^(个|口|只|本|张|件|条|位|双|杯|碗|瓶|间|套|辆|台|门|节|种|家|块|份|把|支|束|盒|包|斤|公斤|米|公里|多)/;
/**
 * A number counted in a unit of the classes allowed, or by a measure word no class names (四个, 五十个,
 * 三口), or said alone (四。). Digits said one by one (三零二) name a room or a bus, and a numeral broken
 * into tokens counts once, by what follows the whole of it.
 */
export function inUnit(t: Token, tokens: readonly Token[], allowed: ReadonlySet<string>): boolean {
  if (!isNumber(t)) return false;
  const at = tokens.indexOf(t);
  // 星期三 / 周五 said apart: the numeral names a weekday, it counts nothing.
  if (/(星期|礼拜|周)$/.test(tokens[at - 1]?.word ?? '') && /^[一二三四五六日天]$/.test(t.word)) return false;
  const numeral = (x: Token | undefined): boolean => x !== undefined && NUMERAL.test(x.word);
  if (numeral(tokens[at + 1]) && NUMERAL.test(t.word)) return false;
  let start = at;
  while (numeral(tokens[start - 1]) && NUMERAL.test(t.word)) start--;
  // 二零一九年 said digit by digit names a year: its last 九年 is no length of nine years.
  if (
    /^[零〇一二三四五六七八九]年$/.test(t.word) &&
    /^[零〇一二三四五六七八九]$/.test(tokens[at - 1]?.word ?? '')
  )
    return allowed.has('date');
  const rest = /^[零一二两三四五六七八九十百千万半几多\d.]+(.*)$/u.exec(t.word)?.[1] ?? t.word;
  const next = tokens[at + 1];
  const unit = rest || (next && HAN.test(next.word) ? next.word : '');
  const digits = tokens
    .slice(start, at + 1)
    .map((x) => /^[零一二两三四五六七八九十百千万半几多\d.]+/u.exec(x.word)?.[0] ?? '')
    .join('');
  if (/^[零一二三四五六七八九\d]{3,}$/u.test(digits) && !/^年/.test(unit)) return false;
  // 八个小时 / 三个月: the measure word 个 stands before the unit that counts.
  const after = /^个$/.test(unit) && next?.word !== unit ? (tokens[at + 1]?.word ?? '') : '';
  const unitAfter = /^个/.test(rest) && next && unitClasses(next.word).length > 0 ? next.word : '';
  const base = (unitAfter || after || unit).replace(/^半/, '');
  // 两个 月 (tagged apart) is 两个月, a span, as much as 月 alone may be a date.
  const classes = [...(unitAfter || after ? unitClasses(`个${base}`) : []), ...unitClasses(base)];
  if (classes.length > 0) return classes.some((c) => allowed.has(c));
  return unit === '' || CLASSIFIER.test(unit) || next?.tag === 'q' || !/^(n|nz|ns|s)/.test(next?.tag ?? '');
}

// 星期一到星期五 / 九点到十一点 / 从…到…: a span said by its ends answers how long and how many days.
export const SPAN_BY_ENDS =
  /(星期|周|礼拜)[一二三四五六日天]到(星期|周|礼拜)?[一二三四五六日天]|[点号月]到\p{Script=Han}{1,4}[点号月]|从\p{Script=Han}{1,6}到/u;
// The body's parts are where a 哪儿不舒服 hurts.
const BODY = /^(头|胃|牙|腿|脚|手|腰|背|眼|耳朵|鼻子|肚子|嗓子|眼睛)/;
export const bodily = (word: string): boolean => BODY.test(word) || lexicon().isA(word, 'body');

// Days that are part of a span the question names (周六上午 is at the weekend).
// 刚才 / 现在 are now, which is today.
const PART_OF: Record<string, RegExp> = {
  周末: /周六|周日|星期六|星期天|星期日|礼拜六|礼拜天/,
  今天: /^(刚才|刚刚|现在|今天)/,
};
export const within = (time: string, frame: string): boolean => PART_OF[frame]?.test(time) ?? false;

// The character that heads the names of a kind: 篮球 / 打乒乓球 are ball games, 圣诞节 a festival.
const KIND_HEAD: Record<string, RegExp> = { sport: /球$/, festival: /节$/ };

/**
 * Chinese compounds are right-headed: 爱情电影 is a film and 电影院 is not; a two-character kind's
 * character ends the names of its kinds (中秋节 / 春节 for 节日, 红色 for 颜色, 苹果 for 水果).
 */
export function headedBy(word: string, kindWord: string | undefined): boolean {
  if (!kindWord || word === kindWord || !HAN.test(word)) return false;
  const k = [...kindWord];
  if (word.length > kindWord.length && word.endsWith(kindWord)) return true;
  const kind = lexicon().names(kindWord);
  if (kind && KIND_HEAD[kind]?.test(word)) return true;
  // A place is headed by its last character (面馆 for 饭馆; 吃饭 is no 饭馆), or by one of its kin when
  // what comes before says the same kind of place (火锅店, not 书店: 书 is no food as 饭 is).
  const head = k[k.length - 1] ?? '';
  const kin = HEAD_KIN.find((h) => h.includes(head));
  if (kin) {
    const chars = [...word];
    if (chars.length < 2 || word.startsWith(kindWord) || !kin.includes(chars[chars.length - 1] ?? ''))
      return false;
    if (word.endsWith(head)) return true;
    const lex = lexicon();
    const mine = lex.entry(chars.slice(0, -1).join(''))?.classes ?? new Set<string>();
    const asked = lex.entry(k.slice(0, -1).join(''))?.classes ?? new Set<string>();
    return mine.size === 0 || [...mine].some((c) => asked.has(c));
  }
  return (
    k.length === 2 && [...word].length >= 2 && k.some((c) => word.endsWith(c)) && !word.startsWith(kindWord)
  );
}

// Attributes whose values the lexicon lists whole: a word it does not know is no colour.
const CLOSED_KINDS = new Set(['color']);
// Characters that head the names of one kind of place: a 饭馆 may be called a …店 or a …厅.
const HEAD_KIN = ['馆店厅', '院', '场', '室'];

/**
 * Whether 什么 + noun asks a kind that only its own words answer: an attribute the lexicon lists whole
 * (颜色), or a place no class names (饭馆), whose kinds carry its head (面馆, 火锅店).
 */
export function closedKind(form: QuestionForm): boolean {
  if (!form.kindWord || !form.kind) return false;
  const head = [...form.kindWord].pop() ?? '';
  return (
    CLOSED_KINDS.has(form.kind) ||
    (form.kind === form.kindWord && [...form.kindWord].length > 1 && HEAD_KIN.some((h) => h.includes(head)))
  );
}

/** The yes or no an answer opens with (没有，…… / 当然会 / 有空), if it opens with one. */
export function openingYesNo(tokens: readonly Token[], question: string): string[] {
  const first = tokens.find(said)?.word ?? '';
  const asked = /(\p{Script=Han})[不没]\1/u.exec(question)?.[1] ?? '';
  return YES_NO.test(first) || (asked !== '' && first.startsWith(asked)) ? [first] : [];
}

// A bare 他 / 她 names nobody: who is meant is what 谁 asks (每个星期见他两次 does not say with whom).
export const named = (people: readonly string[]): boolean => people.some((w) => !PERSON_PRONOUNS.test(w));

// 放学 / 下课 may be tagged nouns: a two-character word the lexicon knows only as a verb is an action too.
export const verbOnly = (word: string): boolean => {
  const pos = lexicon().entry(word)?.pos ?? '';
  return [...word].length === 2 && pos.startsWith('v') && !pos.includes('n');
};
export const actions = (from: readonly Token[]): Token[] =>
  from.filter(
    (t) =>
      ((/^v/.test(t.tag) && t.tag !== 'vn') || (t.tag === 'n' && verbOnly(t.word))) &&
      !STATIVE.test(t.word) &&
      // 打算 / 准备 say a plan: the action is the one planned.
      !/^(去|来|到|在|做|过|了|打算|准备|计划|希望|决定)$/.test(t.word),
  );

export const FILLERS = /^[嗯呃额啊哦唉]$/;

/** Whether a word is said: Chinese, and no hesitation sound (嗯, 啊). */
export const said = (t: Token): boolean => HAN.test(t.word) && !FILLERS.test(t.word);

/** The tokens said, without punctuation and hesitation sounds. */
export const spoken = (tokens: readonly Token[]): Token[] => tokens.filter(said);

/** The answer's first clause that says anything. */
export const openingClause = (tokens: readonly Token[]): Token[] | undefined =>
  clausesAtPunctuation(tokens).find((c) => c.some(said));

/** Clauses split at punctuation only (fillers kept inside), as the answer's forms are read. */
export function clausesAtPunctuation(tokens: readonly Token[]): Token[][] {
  const clauses: Token[][] = [[]];
  for (const t of tokens) {
    if (t.tag === 'x') clauses.push([]);
    else clauses[clauses.length - 1]?.push(t);
  }
  return clauses;
}

export const sharesChar = (a: string, b: string): boolean => [...a].some((c) => b.includes(c));
/** 睡觉 and 睡, 跑步 and 跑 are one action; 上课 and 下课, which share only what they are about, are two. */
// An action and its other side: 送她花 is what she receives (收到什么礼物), 教我 how I learn (跟谁学).
const CONVERSE: Record<string, RegExp> = { 收: /^(送|送给|给|买给)$/, 学: /^(教|教给)$/, 买: /^卖$/ };
export const sameAction = (a: string, b: string): boolean =>
  a.includes(b) ||
  b.includes(a) ||
  (a[0] !== undefined && a[0] === b[0]) ||
  (CONVERSE[b[0] ?? '']?.test(a) ?? false);

/** A kind anything may be (a gift, a souvenir): any thing named is one of it (衣服 for 什么礼物). */
export const OPEN_KIND = /^(礼物|礼品|纪念品|生日礼物|新年礼物)$/;

// Adjectives and their opposites: a verdict with either answers a question about one (远吗 → 很近), one
// with another of them does not (很多 for 贵不贵). (方便 says how near as well as how easy: not listed.)
const PAIRS = [
  ['远', '近'],
  ['贵', '便宜'],
  ['大', '小'],
  ['多', '少'],
  ['难', '容易'],
  ['快', '慢'],
  ['冷', '热'],
  ['忙', '闲'],
  ['长', '短'],
  ['高', '矮'],
  ['早', '晚'],
  ['新', '旧'],
  ['干净', '脏'],
  ['安静', '吵'],
  ['好吃', '难吃'],
  ['累', '轻松'],
  ['辣', '淡'],
  ['甜', '苦'],
];
export const OPPOSITE: Record<string, string[]> = Object.fromEntries(
  PAIRS.flatMap(([a = '', b = '']) => [
    [a, [b]],
    [b, [a]],
  ]),
);

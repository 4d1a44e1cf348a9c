/**
 * When and whether: the occasion an answer is set at against the one its question asks about (昨天 for
 * 明天, 上个周末 for 这个周末, 现在 for 小时候, one past trip for a liking), and an answer that denies the
 * question's premise (她现在不工作 for 在哪儿工作), which answers it.
 */
import { isNumber, openingClause, sharesChar, spoken, STATIVE, within } from './form-words.js';
import type { QuestionForm } from './question-form.js';
import type { Token } from './segment.js';

const NEGATION = /^(不|没|没有|不用|不再|不需要|已经不)$/;
/**
 * The question's action said as not done (不工作, 不用上班 for 几点下班), where the question itself does not
 * say it so (你昨天为什么没来 said back is no denial): the premise of the question is denied.
 */
export function deniesPremise(form: QuestionForm, tokens: readonly Token[], question: string): string | null {
  const acts = [...(form.actions ?? []), ...(form.verb ? [form.verb] : [])];
  if (/[不没]/.test(question)) return null;
  const said = spoken(tokens);
  // 我不想学开车 for 你为什么想学开车: the wish the question takes for granted, denied.
  // (Only where the reason is asked: 我不喜欢吃肉 for 你喜欢吃什么 goes on to say what is liked.)
  const wish = form.asks.includes('reason')
    ? /(想|喜欢|愿意|打算)(\p{Script=Han}{1,3})/u.exec(question)
    : null;
  if (wish) {
    const denied = new RegExp(`不${wish[1]}${wish[2]?.slice(0, 1) ?? ''}`).exec(
      said.map((t) => t.word).join(''),
    );
    if (denied) return denied[0];
  }
  for (const [i, t] of said.entries()) {
    // 不花钱 / 没去过 may come as one token: the negation and the question's own action.
    const fused = /^(不|没)(\p{Script=Han}+)$/u.exec(t.word);
    if (fused?.[2] && !NEGATION.test(t.word) && acts.some((a) => fused[2]?.startsWith(a))) return t.word;
    // 不会做菜 for 你爸爸会做什么菜: the ability the question asks about, denied, is its modal and verb.
    const joined = /^不(会|能)$/.exec(t.word);
    if (!NEGATION.test(t.word) && !(joined?.[1] && question.includes(joined[1]))) continue;
    const modal =
      joined !== null ||
      (/^(会|能)$/.test(said[i + 1]?.word ?? '') && question.includes(said[i + 1]?.word ?? ''));
    // 不常来 / 没怎么去: a frequency or a degree between the negation and the verb.
    const skip =
      said[i + 1]?.word === '用' ||
      (modal && !joined) ||
      /^(常|常常|经常|太|怎么|总|自己)$/.test(said[i + 1]?.word ?? '');
    const next = skip ? said[i + 2] : said[i + 1];
    if (modal && next && acts.some((a) => next.word.startsWith(a))) return `${t.word}${next.word}`;
    // 不喜欢 / 不想 deny a liking, not the action asked about (我不喜欢看电视 for 你喜欢什么运动).
    if (!next || STATIVE.test(next.word)) continue;
    // The question's own verb (工作, which the tagger may call a noun), or one sharing a character with its
    // action (上班 for 下班).
    const own = /^(v|vn)/.test(next.tag) && question.includes(next.word);
    if (
      own ||
      acts.some(
        (a) =>
          a === next.word ||
          // 没有看书 for 在看什么书: the verb with its object said.
          (/^v/.test(next.tag) && next.word.length > a.length && next.word.startsWith(a)) ||
          (a.length > 1 && sharesChar(a, next.word) && next.word.length > 1),
      )
    )
      return `${t.word}${next.word}`;
  }
  return null;
}

/** Whether the answer's first clause is set at a time the question did not name (it answers a neighbouring question). */
export function otherTime(form: QuestionForm, tokens: readonly Token[], question: string): boolean {
  const when = form.when;
  // 明天晚上想吃什么 / 这个周末去吗 answered by 昨天 / 上个周末: another occasion, said anywhere in the answer.
  const asked = direction(question);
  const life = asked === CHILDHOOD || asked === NOWADAYS;
  // A cause comes before what it causes (昨天没睡好 is why one is tired today), but where the time is asked
  // as well (什么时候搬家？为什么？), the occasion is part of the answer.
  if (form.asks.includes('reason') && !life && !form.asks.includes('time')) return false;
  // The answer must open on that occasion: 没有，我要加班，明天可以吗 offers another day after its no.
  const opening =
    openingClause(tokens)
      ?.map((t) => t.word)
      .join('') ?? '';
  const text = tokens.map((t) => t.word).join('');
  if (asked !== null) {
    const axis = life ? [CHILDHOOD, NOWADAYS] : [PAST, PRESENT, FUTURE];
    const said = axis.filter((re) => re.test(opening));
    // 今年春天 for 最近一次: this year's spring may be past.
    const thisYearPast = asked === PAST && said.length === 1 && said[0] === PRESENT;
    if (said.length > 0 && !said.includes(asked) && !thisYearPast) return true;
  }
  // 你喜欢坐火车还是坐飞机 answered by 我上个月坐飞机去了上海: a habit or a liking asked, one past trip told.
  if (asked === null && HABIT.test(question)) {
    if (PAST.test(opening) && !HABIT.test(text) && !/更|比较|觉得/.test(text)) return true;
  }
  // 你想送他什么 answered by 去年他送了我一个杯子: a plan asked, a past event told.
  if (asked === null && INTENT.test(question) && PAST.test(opening) && !INTENT.test(text)) return true;
  // 以后你想在哪儿工作 answered by 我现在在小公司工作: what is now told where what is to come is asked.
  const ahead = /^(以后|将来|未来)/.test(question) || (asked === FUTURE && INTENT.test(question));
  if (ahead && NOWADAYS.test(opening) && !INTENT.test(text) && !/以后|将来|未来/.test(text)) return true;
  // 你去过哪儿 answered by 我明年想去云南: what one has done asked, a plan told.
  if (EXPERIENCE.test(question) && (FUTURE.test(opening) || INTENT.test(opening)) && !/过/.test(text))
    return true;
  // 下午几点放学 answered by 早上八点上课: another part of the day than the question's.
  const partAsked = partsOfDay(question);
  const partSaid = partsOfDay(opening);
  if (partAsked.size > 0 && partSaid.size > 0 && ![...partSaid].some((p) => partAsked.has(p))) {
    if (![...partsOfDay(text)].some((p) => partAsked.has(p))) return true;
  }
  if (!when) return false;
  const end = tokens.findIndex((t) => t.tag === 'x');
  const first = end < 0 ? tokens : tokens.slice(0, end);
  // A frame said by an event (下课以后, 天气冷的时候) names no day or season: only a clock time or a date
  // (八点 for 下课以后) sets the reply at another occasion; 冬天 may be when it is cold.
  const calendar = when.some((w) => !/^(以后|以前|的时候|时候)$/.test(w));
  // (当 of 当服务员 may come tagged as a time: a lone character is no time said.)
  const times = first.filter(
    (t) => (calendar && t.tag === 't' && [...t.word].length > 1) || (isNumber(t) && /点|号/.test(t.word)),
  );
  // 上个月 for 上次: a time on the same side of now as the question's (past for past) is one it may mean.
  const sameSide = (t: string, w: string): boolean => [PAST, FUTURE].some((re) => re.test(t) && re.test(w));
  return (
    times.length > 0 &&
    !times.some((t) =>
      when.some((w) => {
        const [a, b] = [dayName(t.word), dayName(w)];
        return b.includes(a) || a.includes(b) || within(t.word, w) || sameSide(t.word, w);
      }),
    )
  );
}

/** 寒假 for 暑假, 春节 for 中秋节: another holiday than the one the question names. */
export function otherHoliday(question: string, text: string): boolean {
  const asked: string[] = question.match(HOLIDAY) ?? [];
  const said: string[] = text.match(HOLIDAY) ?? [];
  return asked.length > 0 && said.length > 0 && !said.some((h) => asked.includes(h));
}
const HOLIDAY = /寒假|暑假|春节|国庆节|中秋节|端午节|圣诞节|元旦|元宵节|清明节|劳动节|情人节/g;

/** 周六 / 礼拜六 / 星期六 are one day, as 星期日 and 星期天 are. */
const dayName = (word: string): string =>
  word.replace(/(周|礼拜)(?=[一二三四五六日天])/, '星期').replace('星期日', '星期天');

// The days before, around and after now: a question set in one is not answered by another.
const PAST = /昨天|前天|昨晚|上个?(星期|周|月|礼拜|周末)|上周|去年|前年|刚才|上次|上一次|最近一次/;
const PRESENT = /今天|今晚|这个?(星期|周|月|礼拜|周末)|本周|今年/;
const FUTURE = /明天|后天|明晚|下个?(星期|周|月|礼拜|周末)|下周|明年|后年|下次|将来/;
// A habit or a liking: 喜欢, 常常, 一般, 每天.
const HABIT = /喜欢|爱|常常|经常|一般|平时|每天|每个|每年|总是|通常/;
// A life's times: 小时候 is not answered by 现在.
// 我以前在上海住 for 你在现在的城市住了多久: a time before now, as much as childhood, is not now.
const CHILDHOOD = /小时候|小的时候|上小学的时候|^(我|我们)?以前/;
const NOWADAYS = /现在|最近|这几年/;
// A plan or a wish (想送, 打算, 准备): what is to come, not what was.
const INTENT = /想|打算|准备|计划|要去|要买|要送|要做/;
// 去过 / 吃过: what one has done, some time before now (过生日 is a verb of its own).
const EXPERIENCE = /(去|吃|看|玩|学|做|用|见|听|到|坐|住|买|喝|参加|爬)过/;
// 起床以后 / 睡觉以前 tell the part of the day by what one does then.
const PARTS: [string, RegExp][] = [
  ['morning', /早上|早晨|上午|清早|起床(以|之)?后|起来以后|早饭(以|之)?前|上班(以|之)?前|上学(以|之)?前/],
  ['noon', /中午/],
  ['afternoon', /下午|傍晚/],
  [
    'evening',
    /晚上|傍晚|夜里|半夜|今晚|昨晚|明晚|睡觉(以|之)?前|睡前|晚饭(以|之)?后|下班(以|之)?后|放学(以|之)?后/,
  ],
];
/** The parts of the day a text names (早上, 晚上 or 睡觉以前). */
export function partsOfDay(text: string): Set<string> {
  return new Set(PARTS.filter(([, re]) => re.test(text)).map(([p]) => p));
}
const OCCASIONS = [PAST, PRESENT, FUTURE, CHILDHOOD, NOWADAYS];
function direction(when: string): RegExp | null {
  return OCCASIONS.find((re) => re.test(when)) ?? null;
}

/**
 * Learners' commonest grammar errors in a spoken answer, each found by a pattern of the words as tagged:
 * a point in time after the verb (我下班五点), 是 before an adjective (是很贵), 了 on a planned action
 * (想吃了), 们 after a count (二十个学生们), 的 for the 得 of a degree (游泳的很好), a sentence ending on
 * 的是 / 的也 / 的有, 因为了, 不很, a describing word and 的 after its noun (朋友中国的). Only patterns that
 * correct sentences do not show: the model answers and the fluent answers of every graded set hold none.
 */
import { orderErrors } from './grammar-order.js';
import { describes, isAdjective, isVerb, said } from './grammar-words.js';
import { clausesOf } from './segment.js';
import type { Token } from './segment.js';

export const GRAMMAR_RULES = [
  'time_after_verb',
  'shi_adjective',
  'le_on_plan',
  'men_after_count',
  'de_for_degree',
  'dangling_end',
  'yinwei_le',
  'bu_hen',
  'modifier_after_noun',
  'hen_after_adjective',
  'le_guo',
  'de_before_verb',
  'duo_after_unit',
  'modal_at_end',
  'measure_word',
  'object_after_count',
  'guo_after_object',
  'place_after_object',
  'yiqi_at_end',
  'le_after_object',
  'time_order',
  'de_at_end',
  'double_le',
  'de_after_zai',
  'de_after_object',
  'floor_order',
  'count_after_noun',
  'adverb_after_verb',
  'de_missing',
  'mei_le',
  'yiqi_before_person',
  'dui_at_end',
  'bi_verb',
] as const;
export type GrammarRule = (typeof GRAMMAR_RULES)[number];

export interface GrammarError {
  rule: GrammarRule;
  /** The words that show it, as said. */
  said: string;
}

// A point in time (not a length of it): 五点, 星期六, 明天, 晚上, 去年.
const POINT_TIME =
  /^([零一二两三四五六七八九十\d]+点(半|多)?|(星期|周|礼拜)[一二三四五六日天]|今天|明天|昨天|后天|前天|早上|上午|中午|下午|晚上|去年|今年|明年|周末|这个周末|每天|每个星期|每周|每年|最近)$/;
// Verbs after which a time may follow as part of what they take (是五点, 到八点, 等到明天, 喜欢晚上跑步).
const TAKES_TIME =
  /^(是|到|在|从|等|等到|喜欢|爱|想|要|打算|准备|希望|决定|开始|知道|觉得|说|告诉|听说|记得|忘|忘了|会|能|可以|应该|有|过|约|定|订|安排|改|推迟|一直|直到|比如|例如|比方说)$/;
const DEGREE = /^(很|太|非常|特别|挺|比较|真)$/;
// 很快 / 很好 said as one word.
const DEGREED = /^(很|太|非常|特别|挺|比较)(好|快|慢|早|晚|多|少|流利|清楚|认真)$/;
// 要……了 is "about to": 要迟到了 is right.
const MODAL_PLAN = /^(想|打算|准备|希望)$/;
// 好处是方便 / 关键是平衡: a nominal subject takes 是 before its predicate.
const NOMINAL_SUBJECT = /(处|键|题|是|的|点|法|因)$/;
const COUNT = /^[一二两三四五六七八九十百几\d]+个$/;
// Nouns whose own measure word no speaker swaps for 个: 件 (clothes), 条 (trousers, skirts, fish), 本
// (books), 张 (paper, tickets, photos, tables, beds), 把 (chairs, umbrellas), 只 (cats), 支 (pens).
const OWN_MEASURE =
  /^(衣服|衬衫|大衣|毛衣|外套|西服|T恤|裤子|裙子|牛仔裤|书|本子|词典|小说|杂志|纸|票|照片|桌子|床|椅子|伞|猫|狗|鱼|鸟|兔子|金鱼|小狗|小猫|小鸟|笔|铅笔|岁)$/;

// Verbs a 的 never stands before in a correct sentence (送我的去学校, 喜欢的出去玩): going and coming.
const MOTION = /^(去|来|出去|回|回去|回来|走|出去玩|回家)$/;
function inClause(c: readonly Token[], out: GrammarError[], last: boolean): void {
  const words = c.filter((t) => t.word.trim() !== '');
  for (const [i, t] of words.entries()) {
    const prev = words[i - 1];
    const next = words[i + 1];
    const after = words[i + 2];
    // 我下班五点 / 我去看了爷爷奶奶这个周末: the action's time said after it, at the clause's end
    // (四点半的 / 每天 end it as well).
    const end = i === words.length - 1 || words.slice(i + 1).every((w) => /^(半|多|的)$/.test(w.word));
    if (
      POINT_TIME.test(t.word) &&
      !/^(一点|有点)$/.test(t.word) &&
      // 越来越快的今天 is a noun phrase, not a time after its verb; 充一个晚上 / 逛一下午 / 去三个晚上 say
      // how long or how often.
      prev?.word !== '的' &&
      !/^([一二两三四五六七八九十几]+个?|整|整个|半)$/.test(prev?.word ?? '') &&
      end &&
      i > 0 &&
      words.slice(0, i).some((w, j) => isVerb(w) && !TAKES_TIME.test(w.word) && j >= i - 5) &&
      // (Only the verb nearest before it: 那家店是七点开门了早上 puts 早上 after 开门, whatever 是 takes.)
      !TAKES_TIME.test(
        [...words.slice(0, i)].reverse().find((w) => isVerb(w) && !/^(了|过|着)$/.test(w.word))?.word ?? '',
      )
    )
      out.push({ rule: 'time_after_verb', said: said(words.slice(Math.max(0, i - 2), i + 1)) });
    // 是很贵 / 是漂亮 / 我是头疼了: 是 before an adjective or a predicate that needs none.
    if (
      t.word === '是' &&
      next !== undefined &&
      !NOMINAL_SUBJECT.test(prev?.word ?? '') &&
      // 可能是堵车了: a guess at what happened takes 是; 特别是有了孩子以后 singles out a time.
      !/^(可能|也许|大概|应该|一定|肯定|好像|特别|尤其|就)$/.test(prev?.word ?? '') &&
      ((DEGREE.test(next.word) &&
        describes(after) &&
        // (是很热了: a 了 after it as well.)
        (i + 3 >= words.length || (i + 4 === words.length && words[i + 3]?.word === '了'))) ||
        // (我的东西是很多: 很多 said as one word.)
        (/^(很多|很少)$/.test(next.word) && i + 2 >= words.length && /^n/.test(prev?.tag ?? '')) ||
        (isAdjective(next) &&
          (i + 2 >= words.length || after?.word === '了') &&
          /^(r|n)/.test(prev?.tag ?? '')) ||
        ((isVerb(next) || isAdjective(next)) && after?.word === '了'))
    )
      out.push({ rule: 'shi_adjective', said: said([t, next, after]) });
    // 我明天想吃了中国菜: a plan is not done yet. (听一会儿就想睡觉了: a wish that has come about, with 就
    // or 快 before it, takes the 了 of a new state.)
    if (
      t.word === '了' &&
      isVerb(prev) &&
      MODAL_PLAN.test(words[i - 2]?.word ?? '') &&
      !/^(就|快|已经|又|开始)$/.test(words[i - 3]?.word ?? '')
    )
      out.push({ rule: 'le_on_plan', said: said([words[i - 2], prev, t]) });
    // 二十个学生们: a count needs no 们.
    if (/们$/.test(t.word) && t.word.length > 2 && /^n/.test(t.tag) && COUNT.test(prev?.word ?? ''))
      out.push({ rule: 'men_after_count', said: said([prev, t]) });
    else if (t.word === '们' && /^n/.test(prev?.tag ?? '') && COUNT.test(words[i - 2]?.word ?? ''))
      out.push({ rule: 'men_after_count', said: said([words[i - 2], prev, t]) });
    // 游泳的很好 / 跑的很快: the degree of an action takes 得.
    if (
      t.word === '的' &&
      (isVerb(prev) || prev?.tag === 'vn') &&
      // 有的很快，有的很慢: 有的 is "some".
      prev?.word !== '有' &&
      next !== undefined &&
      ((DEGREE.test(next.word) && isAdjective(after)) || DEGREED.test(next.word))
    )
      out.push({ rule: 'de_for_degree', said: said([prev, t, next, after]) });
    // 很好吃的是 / 很贵的也 / 很漂亮的有: the sentence ends on a word left over.
    // (让人惊讶的是，…… goes on in the next clause: only the answer's last one is left hanging on 的是.)
    if (
      i === words.length - 1 &&
      (/^(也|有)$/.test(t.word) || (t.word === '是' && last)) &&
      prev?.word === '的'
    )
      out.push({ rule: 'dangling_end', said: said([words[i - 2], prev, t]) });
    // 因为了学习汉语
    if (t.word === '因为' && next?.word === '了') out.push({ rule: 'yinwei_le', said: '因为了' });
    // 不很多 (不太多)
    if (t.word === '不' && /^很/.test(next?.word ?? ''))
      out.push({ rule: 'bu_hen', said: said([t, next, after]) });
    // 冷很 / 方便很: the degree word goes before what it describes.
    if (
      t.word === '很' &&
      // (下得不好很: a degree denied, after 得, as well.)
      (describes(prev) || /^不(好|错|多|少|快|慢|大|小|高|远|近)$/.test(prev?.word ?? '')) &&
      (words[i - 2]?.word !== '得' || /^不/.test(prev?.word ?? '')) &&
      words.slice(i + 1).every((w) => /^(的|了|啊|呢)$/.test(w.word))
    )
      out.push({ rule: 'hen_after_adjective', said: said([prev, t]) });
    // 去了过北京: 过 says what one has done, without 了 before it.
    if (t.word === '了' && next?.word === '过') out.push({ rule: 'le_guo', said: said([prev, t, next]) });
    // 送我的去学校 / 喜欢的出去玩: no 的 between the doer and going.
    if (
      t.word === '的' &&
      next !== undefined &&
      MOTION.test(next.word) &&
      // 学新闻的去报社: a 的 after a noun names who goes; after 我 or 喜欢 it is the error.
      (prev?.tag === 'r' || /^(喜欢|爱|想|要)$/.test(prev?.word ?? ''))
    )
      out.push({ rule: 'de_before_verb', said: said([prev, t, next]) });
    // 两个小时多: 多 goes between the count and its unit (两个多小时).
    if (
      t.word === '多' &&
      /^(小时|月|星期|礼拜|钟头)$/.test(prev?.word ?? '') &&
      /个$/.test(words[i - 2]?.word ?? '')
    )
      out.push({ rule: 'duo_after_unit', said: said([words[i - 2], prev, t]) });
    // 我去爬山了要: the wish or plan goes before its verb (我要去爬山).
    if (
      /^(要|想|会|能|打算)$/.test(t.word) &&
      i === words.length - 1 &&
      (prev?.word === '了' || isVerb(prev))
    )
      out.push({ rule: 'modal_at_end', said: said([words[i - 2], prev, t]) });
    // 一个裤子 / 两个书: a noun with a measure word of its own takes it, not 个 (一条裤子, 两本书).
    // (一个词典App: the noun counted is the App the 词典 describes.)
    const noun = words[i + 1]?.word === '的' ? undefined : words[i + 1];
    const described = /^(eng|n)/.test(words[i + 2]?.tag ?? '');
    if (COUNT.test(t.word) && noun && OWN_MEASURE.test(noun.word) && !described)
      out.push({ rule: 'measure_word', said: said([t, noun]) });
    // 五个朋友中国的: the describing word and 的 after the noun, ending the sentence.
    if (
      t.word === '的' &&
      i === words.length - 1 &&
      prev?.tag === 'ns' &&
      // 我是在小城市长大的: the 是……的 of a past event.
      !words.some((w) => w.word === '是') &&
      /^n/.test(words[i - 2]?.tag ?? '') &&
      words[i - 2]?.tag !== 'nr'
    )
      out.push({ rule: 'modifier_after_noun', said: said([words[i - 2], prev, t]) });
  }
  orderErrors(words, out);
}

/** The grammar errors of a tagged answer, in the order said (at most one per rule and clause). */
export function grammarErrors(tokens: readonly Token[]): GrammarError[] {
  const out: GrammarError[] = [];
  // Words quoted (我常说“我吃饭了昨天”) are an example told, not the learner's own sentence.
  let quoted = false;
  const own = tokens.filter((t) => {
    const opens = /^[“「『]$/.test(t.word) || (t.word === '"' && !quoted);
    const closes = /^[”」』]$/.test(t.word) || (t.word === '"' && quoted);
    if (opens) quoted = true;
    else if (closes) quoted = false;
    return !quoted && !closes;
  });
  const clauses = clausesOf(own).filter((c) => c.some((t) => t.word.trim() !== ''));
  for (const [n, c] of clauses.entries()) {
    const found: GrammarError[] = [];
    inClause(c, found, n === clauses.length - 1);
    const seen = new Set<GrammarRule>();
    for (const e of found) {
      if (seen.has(e.rule)) continue;
      seen.add(e.rule);
      out.push(e);
    }
  }
  return out;
}

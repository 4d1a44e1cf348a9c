/**
 * Learners' word-order errors, each found by a pattern of the words as tagged: how often before whom
 * (喂两次它), 过 after the object (养鱼过), where or when after the verb (听音乐在房间里, 吃在晚上七点, 到了在公司),
 * 一起 after the object or before whom (打羽毛球一起, 一起我爸爸), 了 between the object and its count
 * (讲故事了很多), the hour before the part of the day (七点钟晚上), a clause ending on 得 (打很好得), 了了,
 * 的 after 在 (放在的书包里), 得 after a verb's object (开车得很好), the floor after its building (楼二), how
 * many after the thing (吃了粽子两个), 一般 after its verb (穿一般西服), a missing 得 (考很好), 没有……了, 对我
 * after the adjective (很热情对我) and 比 before a verb (我比喜欢热茶).
 */
import { lexicon } from './lexicon.js';
import type { GrammarError } from './grammar.js';
import { describes, isVerb, said } from './grammar-words.js';
import type { Token } from './segment.js';

const TIMES = /^([一二两三四五六七八九十几\d]+|很多|好几)[次回遍下]$/;
const PRONOUN = /^[它他她你]们?$/;
const PRONOUN_OR_ME = /^[我它他她你]们?$/;
// A count of things (not of times: 去图书馆两次 is right).
const COUNT_OF_THINGS = /^[一二两三四五六七八九十几百\d]+[个只本张件条双杯瓶碗斤块]$/;
// One-character actions whose manner 得 brings in (考得很好, 睡得很好, 玩得很开心).
// (Not 说 / 做 / 住 / 玩: 他说很方便, 这样做很好, 一个人住很自由 say something of the doing.)
const SAID_WELL = /^(考|跑|写|唱|睡|跳|踢|游|画|讲)$/;
const TIME_WORD =
  /^(早上|上午|中午|下午|晚上|周末|星期.|[零一二两三四五六七八九十\d]+点.*|\d+月.*|[一二三四五六七八九十]+月.*)$/;
// Verbs said with their object, which take 得 only after the verb said again.
const VERB_OBJECT =
  /^(开车|唱歌|跳舞|游泳|说话|做饭|走路|跑步|写字|画画|打球|踢球|打篮球|踢足球|说汉语|讲故事|做菜)$/;
const CLOCK = /^[零一二两三四五六七八九十\d]+点(钟|半|多)?$/;
const PART_OF_DAY = /^(早上|上午|中午|下午|晚上)$/;
const COUNTED = /^(很多|不少|[一二两三四五六七八九十几\d]+[个本次只条件张]?)$/;
// Going somewhere to do it (回老家过, 去朋友家过): the 过 there is spending the day, not one's past.
const GOING = /^[回去来到]/;
// Verbs whose place comes after them (住在, 放在, 坐在, 生在): 在 there is right.
const PLACED =
  /^(住|放|坐|站|躺|睡|停|挂|写|生|长|掉|落|留|待|呆|种|贴|摆|藏|丢|忘|出生|发生|生活|工作|学习|走|跑|飞|搬|扔|戴|穿|画|记|存|装|倒|躲|靠|骑|死|开|关|位于|坐落|定居|居住)$/;
// Verbs a whole clause follows (我觉得问题在这儿, 我有朋友在北京): the 在 there is that clause's.
const CLAUSE_VERB =
  /^(觉得|认为|知道|说|想|希望|发现|看见|看到|听说|记得|相信|担心|怕|告诉|以为|感觉|有|没有|还有|是)$/;
// Verbs another verb follows (喜欢在手机上买菜, 可以在书上画线, 开始在沙地里种树): its 在 sets that verb's place.
const LEADS =
  /^(喜欢|爱|想|要|可以|能|只能|会|开始|可能|应该|打算|准备|希望|继续|决定|愿意|敢|得|必须|需要)$/;
// 放在 / 住在 said as one word.
const PLACED_AT = new RegExp(`^(${PLACED.source.slice(2, -2)})在$`);
// What a place said after 在 is made of: nouns, their owners and 的, places, sides (里 / 上面), counts.
const PLACE_PART = /^(r|n|nr|ns|nz|s|f|m|q|u)$/;

// 超市 may come tagged a verb: the lexicon knows it as a place.
const placeByLexicon = (t: Token | undefined): boolean =>
  t !== undefined && t.tag === 'v' && lexicon().isA(t.word, 'place');

export function orderErrors(words: readonly Token[], out: GrammarError[]): void {
  const lex = lexicon();
  // The first 没 / 没有 of the clause and the verb it denies (for 没有……了).
  const denied = words.findIndex((w) => /^(没|没有)$/.test(w.word));
  const deniedVerb = words[denied + 1];
  for (const [i, t] of words.entries()) {
    const prev = words[i - 1];
    const before = words[i - 2];
    const next = words[i + 1];
    const last = i === words.length - 1;
    // 我每天喂两次它: whom comes before how often (喂它两次).
    if (last && PRONOUN.test(t.word) && TIMES.test(prev?.word ?? '') && words.slice(0, i - 1).some(isVerb))
      out.push({ rule: 'object_after_count', said: said([before, prev, t]) });
    // 我以前养鱼过: 过 follows the verb, not its object (养过鱼).
    if (
      t.word === '过' &&
      (last || /^(了|吗|呢)$/.test(next?.word ?? '')) &&
      prev?.tag === 'n' &&
      ((isVerb(before) && !GOING.test(before?.word ?? '')) ||
        (prev.word.length === 2 &&
          !GOING.test(prev.word) &&
          (lex.entry(prev.word[0] ?? '')?.pos ?? '').startsWith('v')))
    )
      out.push({ rule: 'guo_after_object', said: said([before, prev, t]) });
    // 我一般听音乐在我的房间里 / 很多人跳舞在广场: where it is done comes before the verb.
    const place = words.slice(i + 1);
    if (
      t.word === '在' &&
      t.tag === 'p' &&
      place.length > 0 &&
      place.every((w) => PLACE_PART.test(w.tag) || placeByLexicon(w)) &&
      (/^(n|s|f|ns)$/.test(place[place.length - 1]?.tag ?? '') || placeByLexicon(place[place.length - 1])) &&
      ((prev?.tag === 'n' && isVerb(before) && !CLAUSE_VERB.test(before?.word ?? '')) ||
        // (吃火锅了在家 / 到了在公司: the 了 of the action before where.)
        (prev?.word === '了' &&
          (before?.tag === 'n' || (isVerb(before) && !PLACED.test(before?.word ?? '')))) ||
        (prev?.tag === 'v' &&
          // (简历 is tagged a verb: the lexicon says it names a thing.)
          (lex.entry(prev.word)?.pos ?? 'v').startsWith('v') &&
          [...prev.word].length >= 2 &&
          !PLACED.test(prev.word) &&
          !PLACED.test(prev.word.slice(-1)) &&
          !LEADS.test(prev.word) &&
          !CLAUSE_VERB.test(prev.word)))
    )
      out.push({ rule: 'place_after_object', said: said([prev, t, ...place]) });
    // 我周末跟邻居打羽毛球一起: 一起 comes before the verb.
    if (last && t.word === '一起' && prev?.tag === 'n' && isVerb(before))
      out.push({ rule: 'yiqi_at_end', said: said([before, prev, t]) });
    // 妈妈给我讲故事了很多 / 收礼物了一个: 了 and the count follow the verb (讲了很多故事).
    if (t.word === '了' && prev?.tag === 'n' && isVerb(before) && COUNTED.test(next?.word ?? ''))
      out.push({ rule: 'le_after_object', said: said([before, prev, t, next]) });
    // 七点钟晚上: the part of the day comes first (晚上七点).
    if (CLOCK.test(t.word) && PART_OF_DAY.test(next?.word ?? ''))
      out.push({ rule: 'time_order', said: said([t, next]) });
    // 他打很好得: 得 follows the verb and comes before how well (打得很好).
    if (last && t.word === '得' && (describes(prev) || /^(好|快|慢|多|少)$/.test(prev?.word ?? '')))
      out.push({ rule: 'de_at_end', said: said([before, prev, t]) });
    // 他开车得很好: a verb said with its object repeats the verb before 得 (开车开得很好).
    if (t.word === '得' && VERB_OBJECT.test(prev?.word ?? '') && next !== undefined && !isVerb(next))
      out.push({ rule: 'de_after_object', said: said([prev, t, next]) });
    // 在楼二: the floor's number comes first (二楼).
    if (t.word === '楼' && /^[一二三四五六七八九十]+$/.test(next?.word ?? '') && i + 2 >= words.length)
      out.push({ rule: 'floor_order', said: said([t, next]) });
    // 我今年吃了粽子两个 / 我有运动鞋两个双: how many comes before the thing (吃了两个粽子).
    if (
      COUNT_OF_THINGS.test(t.word) &&
      (last || /^(了|的|双|个)$/.test(next?.word ?? '')) &&
      /^n/.test(prev?.tag ?? '') &&
      (isVerb(before) || before?.word === '了')
    )
      out.push({ rule: 'count_after_noun', said: said([prev, t, next]) });
    // 他穿一般西服: how often comes before the verb (一般穿西服).
    if (
      /^(一般|常常|经常|每天|总是)$/.test(t.word) &&
      prev !== undefined &&
      // (穿 may come tagged zg: the lexicon knows it as a verb.)
      (prev.tag === 'v' || (prev.tag === 'zg' && (lex.entry(prev.word)?.pos ?? '').startsWith('v'))) &&
      !(lex.entry(prev.word)?.pos ?? '').includes('n') &&
      !LEADS.test(prev.word) &&
      !CLAUSE_VERB.test(prev.word) &&
      !/^(是|说|算|比|像|很|开始|认为)$/.test(prev.word) &&
      /^n/.test(next?.tag ?? '') &&
      !(lex.entry(next?.word ?? '')?.pos ?? '').startsWith('v') &&
      words[i + 2]?.word !== '的'
    )
      out.push({ rule: 'adverb_after_verb', said: said([prev, t, next]) });
    // 我考试考很好: how well an action is done takes 得 (考得很好).
    if (
      /^(很|非常|特别)$/.test(t.word) &&
      prev !== undefined &&
      /^v/.test(prev.tag) &&
      [...prev.word].length === 1 &&
      SAID_WELL.test(prev.word) &&
      describes(next) &&
      i + 2 >= words.length
    )
      out.push({ rule: 'de_missing', said: said([prev, t, next]) });
    // 我作业没有做完了: what was not done takes no 了 (没有做完).
    // (没吃就出门了: the 了 is the later verb's; 三年没见面了 / 已经没有工作了 say how long or what is over.)
    if (
      t.word === '了' &&
      (last || /^n/.test(next?.tag ?? '')) &&
      denied >= 0 &&
      deniedVerb !== undefined &&
      deniedVerb.tag === 'v' &&
      deniedVerb.word !== '有' &&
      !(lex.entry(deniedVerb.word)?.pos ?? '').includes('n') &&
      i > denied + 1 &&
      i - (denied + 1) <= 2 &&
      !words
        .slice(0, denied)
        .some(
          (w) =>
            /^(已经|好久|很久)$/.test(w.word) ||
            /^[一二两三四五六七八九十几好多\d]+个?(年|月|天|星期|周|礼拜)$/.test(w.word),
        ) &&
      !words.slice(denied + 1, i).some((w) => /^(就|才|又)$/.test(w.word))
    )
      out.push({ rule: 'mei_le', said: said(words.slice(Math.max(0, i - 3), i + 1)) });
    // 年夜饭吃在晚上七点了: when it is done comes before the verb (晚上七点吃年夜饭).
    if (
      t.word === '在' &&
      /^(t|m)$/.test(next?.tag ?? '') &&
      TIME_WORD.test(next?.word ?? '') &&
      isVerb(prev) &&
      !PLACED.test(prev?.word ?? '') &&
      !/^(约|定|订|安排|改|推迟|放|是|发生|出生)$/.test(prev?.word ?? '')
    )
      out.push({ rule: 'time_after_verb', said: said([prev, t, next]) });
    // 我常常一起我爸爸下棋: 一起 follows the one it is done with (和我爸爸一起).
    if (
      t.word === '一起' &&
      next !== undefined &&
      (/^(我|你|他|她)/.test(next.word) || lex.isA(next.word, 'family') || lex.isA(next.word, 'person')) &&
      !words.slice(0, i).some((w) => /^(和|跟|同|与)$/.test(w.word))
    )
      out.push({ rule: 'yiqi_before_person', said: said([t, next]) });
    // 同事们很热情对我: to whom comes before how (对我很热情).
    if (last && PRONOUN_OR_ME.test(t.word) && prev?.word === '对' && describes(before))
      out.push({ rule: 'dui_at_end', said: said([before, prev, t]) });
    // 我比喜欢热茶: 比 compares two things (我喜欢热茶，比牛奶好), or say 我更喜欢.
    if (t.word === '比' && /^(喜欢|爱|想)$/.test(next?.word ?? ''))
      out.push({ rule: 'bi_verb', said: said([t, next]) });
    // 就睡着了了: one 了.
    if (t.word === '了' && next?.word === '了') out.push({ rule: 'double_le', said: '了了' });
    // 我雨伞放在的书包里: the place follows 在 directly (放在书包里).
    if (
      t.word === '的' &&
      next !== undefined &&
      next.word !== '时候' &&
      ((PLACED_AT.test(prev?.word ?? '') && prev?.word !== '存在') || (prev?.word === '在' && isVerb(before)))
    )
      out.push({ rule: 'de_after_zai', said: said([prev, t, next]) });
  }
}

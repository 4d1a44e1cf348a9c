/**
 * Whether an answer gives what its question asks for, by a word or by a structure (a family word or a
 * name for 谁, 和…一起, a number in the question's unit, 因为 or a wish, a side or a third option, a
 * degree for an adjective's yes/no), whether it is about the one the question is about, and whether it
 * replies to a neighbouring question instead (another time, another action).
 */
import { spokenChars } from '@kouyu/core';
import { lexicon, relatedness } from './lexicon.js';
import {
  ACTION_VERBS,
  actions,
  verbOnly,
  bodily,
  clausesAtPunctuation,
  closedKind,
  DEGREE,
  DEGREED,
  DURATION_UNITS,
  EVALUATION_WORDS,
  FILLERS,
  FREQUENCY,
  headedBy,
  inUnit,
  isNumber,
  KIND_ALSO,
  kindsAsked,
  MEANS,
  MIDDLING,
  OPPOSITE,
  OPEN_KIND,
  MOTIVE,
  named,
  numberUnits,
  openingClause,
  openingYesNo,
  ownFrequency,
  PERSON_NAME,
  PERSON_PRONOUNS,
  REASON,
  SPAN_BY_ENDS,
  SPAN_WORDS,
  said as isSaid,
  spoken,
  sameAction,
  sharesChar,
  SPECIFIC,
  STATIVE,
  THIRD,
  TIME_UNITS,
  POINT_UNITS,
  TIME_WORDS,
} from './form-words.js';
import { kindOfSide, remarkOnly, selfForOwned } from './answer-about.js';
import { deniesPremise, otherHoliday, otherTime, partsOfDay } from './answer-occasion.js';
import { METHOD_QUESTION, placeAt, subjectOf, WAY_QUESTION } from './question-form.js';
import type { Asked, FormAnswer, QuestionForm } from './question-form.js';
import { HAN } from './segment.js';
import { ofOccasion, sameTaken } from './statement-form.js';
import type { Token } from './segment.js';

/** The words of an answer that give one form of its question. */
function giving(
  asked: Asked,
  form: QuestionForm,
  tokens: readonly Token[],
  text: string,
  question: string,
  topic: readonly string[] = [],
): string[] {
  const lex = lexicon();
  // A word the question said (or said inside a longer word: 过生日 for 你的生日) answers nothing.
  const freshAll = tokens.filter((t) => {
    const tail = [...t.word].slice(1).join('');
    // 十几个 for 几个 is a count, not the question's word said again.
    const said = question.includes(t.word) || (tail.length > 1 && question.includes(tail) && !isNumber(t));
    return HAN.test(t.word) && !said;
  });
  const fresh = freshAll;
  const words = (pred: (t: Token) => boolean, from: readonly Token[] = fresh): string[] =>
    from.filter(pred).map((t) => t.word);
  switch (asked) {
    case 'person': {
      // 你跟谁……: 我 is who asks, not whom the answer names.
      // (你妈妈和谁: the learner may be the one she goes with.)
      // (你家谁 / 你们班谁 ask about a group the learner is one of: 是我 answers.)
      const before = question.split('谁')[0] ?? '';
      const among = /你们?(家|班|公司|宿舍|学校|国家|那儿)/.test(before);
      const selfNamed = (t: Token): boolean => {
        const i = tokens.indexOf(t);
        const clause = clausesAtPunctuation(tokens).find((c) => c.includes(t)) ?? [];
        // 我不太喜欢逛街 for 你家谁最喜欢逛街 says who does not.
        if (/^[不没]/.test(tokens[i + 1]?.word ?? '')) return false;
        return (
          // (就是我: the 是 may come joined to a 就.)
          /^(就|正|也)?是$/.test(tokens[i - 1]?.word ?? '') ||
          clause.filter((c) => HAN.test(c.word)).length === 1 ||
          clause.some((c) => (form.actions ?? []).some((v) => c.word.includes(v)))
        );
      };
      const asker =
        !among && (form.about?.who === 'you' || (form.about === null && /你/.test(before)))
          ? /^(我|你|我们|你们)$/
          : /^(你|你们)$/;
      const people = words(
        (t) =>
          (/^nr/.test(t.tag) ||
            (PERSON_PRONOUNS.test(t.word) && !THIRD.test(t.word)) ||
            // (小区 / 小狗 are words the lexicon knows, not a 小王.)
            (PERSON_NAME.test(t.word) && !lex.entry(t.word)) ||
            lex.isA(t.word, 'person') ||
            lex.isA(t.word, 'family')) &&
          !asker.test(t.word) &&
          // 是我 for 你家谁: the learner as the one, not 我 as the subject of something else (我喜欢吃米饭).
          !(among && /^(我|我们)$/.test(t.word) && !selfNamed(t)) &&
          // 我 names the learner (我帮她, 和我), not as the owner of 我爸爸 / 我的朋友.
          !(/^(我|我们)$/.test(t.word) && ownedNext(tokens[tokens.indexOf(t) + 1])) &&
          // 我家 is a home, not someone in it; 小时 no one at all.
          !/^[我你他她]们?家$/.test(t.word) &&
          !TIME_UNIT_NOUN.test(t.word) &&
          // 我们班的同学 for 你们班谁: the group asked about, named back, is no one of it.
          !(
            /^(同学|同事|学生|邻居|朋友|家人)们?$/.test(t.word) &&
            /^(班|家|公司|宿舍|学校)$/.test(
              (tokens[tokens.indexOf(t) - 1]?.word === '的'
                ? tokens[tokens.indexOf(t) - 2]?.word
                : tokens[tokens.indexOf(t) - 1]?.word) ?? '',
            )
          ) &&
          // 卡拉OK: a loanword's first half tagged as a name.
          !(/^nr/.test(t.tag) && tokens[tokens.indexOf(t) + 1]?.tag === 'eng'),
      );
      // 叫大卫: the word after 叫 is a name, whatever the tagger calls it.
      const said = spoken(tokens);
      const called = said
        .filter(
          (t, i) =>
            said[i - 1]?.word === '叫' &&
            // 我叫大卫 names the learner, not the one asked about.
            said[i - 2]?.word !== '我' &&
            /^(n|nr|nz)/.test(t.tag) &&
            !question.includes(t.word),
        )
        .map((t) => t.word);
      if (called.length) people.push(...called.filter((w) => !people.includes(w)));
      // 我家有五口人，爸爸、妈妈、哥哥…… for 你家谁的年纪最大: the family listed names no one of them.
      if (/谁\p{Script=Han}{0,4}最/u.test(question) && people.length >= 3 && !/最|比|是/.test(text))
        return [];
      // 大卫。: a name alone, which no list holds, answers 谁.
      const alone = said.filter((t) => !FILLERS.test(t.word));
      if (
        people.length === 0 &&
        alone.length === 1 &&
        /^(n|nr|nz)$/.test(alone[0]?.tag ?? '') &&
        !lex.entry(alone[0]?.word ?? '')
      )
        people.push(alone[0]?.word ?? '');
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
      // (头疼的时候去哪儿买药 sets the occasion by a pain, and asks a place in town.)
      if (/(哪儿|哪里|什么地方)\p{Script=Han}{0,2}(不舒服|疼|痛)/u.test(question))
        return words((t) => bodily(t.word));
      return words(
        (t) =>
          t.tag !== 'r' &&
          // 坐 (to sit, a seat) is a verb said, not a place named.
          !(lex.entry(t.word)?.pos ?? '').startsWith('v') &&
          !(lex.entry(t.word)?.pos ?? '').startsWith('a') &&
          (/^(ns|s)$/.test(t.tag) || lex.isA(t.word, 'place')),
      )
        .concat(
          /在(家|这儿|那儿|这里|那里)|去\p{Script=Han}{1,4}(玩|旅游|看)|网上|上网/u.test(text)
            ? ['在/去…']
            : [],
        )
        .concat(
          // 在银行对面 / 超市旁边: a position next to something is a place, whatever the thing is; so is a
          // thing with 上 / 里 / 下 after it (在沙发上, 箱子里).
          words(
            (t) =>
              LOCATIVE.test(t.word) ||
              // 商场 / 饭馆 / 机场: a noun headed by a character that names a kind of site.
              (/^n/.test(t.tag) && [...t.word].length > 1 && SITE_HEAD.test(t.word)) ||
              (/^n/.test(t.tag) &&
                /^(上|里|下|上面|下面|里面|中)$/.test(tokens[tokens.indexOf(t) + 1]?.word ?? '')),
          ),
        )
        .concat(
          // 哪国人 is answered by a people: 中国人, 新加坡人.
          /哪国|哪个国家/.test(question) ? words((t) => PEOPLE_OF.test(t.word)) : [],
        )
        .concat(
          // 出生在首尔 / 来自河内: a word the lexicon does not know, said after 在 / 到 / 来自, is a place
          // however the tagger calls it (a city or a country it has never seen).
          words((t) => {
            const i = tokens.indexOf(t);
            const before = tokens[i - 1]?.word ?? '';
            // (在健身房: a noun the lexicon knows of no kind, after 在, is a place as well.)
            const entry = lex.entry(t.word);
            return (
              /^(在|到|来自|从|去)$/.test(before) &&
              (entry === undefined || (before === '在' && t.tag === 'n' && entry.classes.size === 0)) &&
              !/^(v|r|u|y|c|m|x)/.test(t.tag) &&
              [...t.word].length >= 2
            );
          }),
        );
    case 'time': {
      // The word after a number and its unit (两个小时以后).
      const after = (t: Token): string => {
        const i = tokens.indexOf(t);
        const next = tokens[i + 1];
        return next && /^(小时|钟头|分钟|天|年|个月|星期)$/.test(next.word)
          ? (tokens[i + 2]?.word ?? '')
          : (next?.word ?? '');
      };
      // 几点 / 几号 asks a point in time: 八个小时 is how long, not when; 很晚 says when only roughly.
      if (form.clock)
        return (ROUGH_TIME_SAID.exec(text)?.slice(0, 1) ?? []).concat(
          // 星期几 / 哪天 answered by every day or the weekend (我每天都洗, 周末).
          /星期几|哪天|周几/.test(question)
            ? words((t) => /^(每天|天天|周末|每个周末|平时)$/.test(t.word))
            : [],
          words(
            (t) =>
              (inUnit(t, tokens, POINT_UNITS) && !COUNTED_THING.test(t.word)) ||
              /^(星期|周)[一二三四五六日天]$/.test(t.word),
          ),
        );
      // 两个月 / 一个星期 / 一年 count how long (我们放两个月的假, 我一年坐三四次): a length, not a point in time,
      // unless it says how long after or before (两个月以后); 二零一九年 names a year.
      const length = (t: Token): boolean => {
        const prev = tokens[tokens.indexOf(t) - 1];
        const counted = prev !== undefined && isNumber(prev) && /个$/.test(prev.word);
        return (counted || SPAN_COUNT.test(t.word)) && !NUMERAL_TOKEN.test(prev?.word ?? '');
      };
      const before = (t: Token): boolean => /^(以后|以前|之后|之前|后|前)$/.test(after(t));
      return (
        words(
          (t) =>
            !isNumber(t) &&
            // 两个小时 says how long, not when.
            !/^(小时|钟头|分钟|秒钟?)$/.test(t.word) &&
            !(length(t) && !before(t)) &&
            (t.tag === 't' || lex.isA(t.word, 'time') || (TIME_WORDS.test(t.word) && !/^v/.test(t.tag))),
        )
          // 一个医院 counts a thing: only a number in a unit of time says when (a length only as 两个小时以后).
          .concat(
            words(
              (t) =>
                ((inUnit(t, tokens, POINT_UNITS) && !length(t)) ||
                  (inUnit(t, tokens, TIME_UNITS) && before(t))) &&
                !COUNTED_THING.test(t.word),
            ),
          )
          .concat(/的时候|以后|以前/.test(text) && !/的时候|以后|以前/.test(question) ? ['…的时候'] : [])
      );
    }
    case 'duration': {
      // 几次 / 多久一次 asks how often: 八点 is when, not how many times.
      const often = HOW_OFTEN.test(question);
      // 多久理一次发 asks the time between: 两个月一次 / 半年 say it as a span.
      const between = /(多久|多长时间)\p{Script=Han}*一次/u.test(question);
      // 每次练多长时间 asks how long: 两次 / 每天晚上 say how often, and the 一个星期 of 一个星期两次 is what
      // the times are counted in.
      const length = !often && /多长时间|多久|几个小时|几分钟|多少时间/.test(question);
      // The unit after a number, past hesitations (两个 嗯 那个 小时), or the question's own (几个小时).
      const spanAfter = (t: Token): boolean =>
        /几个?(小时|钟头|分钟|天|年|月|星期)/.test(question) ||
        SPAN_SAID.test(
          [
            t,
            ...tokens
              .slice(tokens.indexOf(t) + 1)
              .filter((x) => isSaid(x) && !/^(那个|这个|就是)$/.test(x.word))
              .slice(0, 3),
          ]
            .map((x) => x.word)
            .join(''),
        );
      const perPeriod = (t: Token): boolean =>
        (length &&
          TIMES_DONE.test(
            tokens
              .slice(tokens.indexOf(t) + 1)
              .map((x) => x.word)
              .join(''),
          )) ||
        // 洗一次澡要半个小时 for 多久洗一次: what the action takes is its length, not the time between.
        (between && /^(要|花)$/.test(tokens[tokens.indexOf(t) - 1]?.word ?? ''));
      return (SPAN_BY_ENDS.test(text) && !often ? ['…到…'] : []).concat(
        words(
          (t) =>
            (!isNumber(t) &&
              ((ownFrequency(t.word, question) && !length) || (!often && SPAN_WORDS.test(t.word)))) ||
            (inUnit(t, tokens, often && !between ? FREQUENCY_UNITS : length ? SPAN_UNITS : DURATION_UNITS) &&
              !perPeriod(t) &&
              // 写二十个汉字 for 写汉字要多长时间: a count of things is no length (六个 for 睡几个小时 is).
              !(length && !spanAfter(t))) ||
            (between && /^半(年|天|个月)$/.test(t.word)) ||
            (isNumber(t) && FREQUENCY.test(t.word) && !length) ||
            // 很多 / 不多 / 很长 say how long or how often roughly.
            // (人很多 says how many people, not how often; 很多照片 how many photos).
            (ROUGH_AMOUNT.test(t.word) &&
              !/^n/.test(tokens[tokens.indexOf(t) - 1]?.tag ?? '') &&
              !modifiesNext(tokens[tokens.indexOf(t) + 1])),
        ),
      );
    }
    case 'number':
      // 我三次 for 我一个星期做两次饭，你呢: any count the learner gives of the same.
      if (form.same !== undefined) return words((t) => isNumber(t));
      // 很多 / 不少 / 没有 for 几个朋友: a count said without a numeral.
      return words((t) => inUnit(t, tokens, numberUnits(question))).concat(
        COUNTED.test(question) ? words((t) => QUANTITY.test(t.word)) : [],
      );
    case 'reason': {
      if (REASON.test(text)) return [REASON.exec(text)?.[0] ?? '因为'];
      // 我爸爸为什么换工作……我不知道: not knowing is no reason.
      if (/不知道|不清楚|不记得|想不起来/.test(text)) return [];
      // 怕考不好 for 为什么会紧张: a fear is why.
      if (/怕|担心/.test(text) && !/怕|担心/.test(question)) return [/怕|担心/.exec(text)?.[0] ?? '怕'];
      // 我以为作业是下个星期交 / 我忘了: a mistaken belief or a lapse is why.
      if (/以为|忘了|忘记/.test(text) && !/以为|忘/.test(question))
        return [/以为|忘了|忘记/.exec(text)?.[0] ?? ''];
      // Asked why something happened (为什么迟到, 为什么这么累), a liking or a habit (我累的时候喜欢睡觉,
      // 我每天坐地铁来) says what one does, not why it happened.
      const happened = EVENT_WHY.test(question);
      if (happened && /常常|经常|一般|每天|平时|喜欢/.test(text)) return [];
      // 跟朋友出去吃了 for 为什么没在家吃饭: what was done instead is why.
      const instead = /为什么(没|不)/.test(question)
        ? words(
            (t) => /^v/.test(t.tag) && t.tag !== 'vn' && !STATIVE.test(t.word) && !question.includes(t.word),
          )
        : [];
      if (instead.length) return instead;
      // 手机没电了 / 手机坏了 for 为什么没接电话: a lack or a mishap is why.
      const mishap = /没(有)?(电|时间|空|钱|信号|网)|坏了|丢了|睡着了/.exec(text)?.[0];
      if (mishap && /为什么(没|不)/.test(question)) return [mishap];
      // A reason is often said without 因为: a wish or a liking the question did not say (我想跟她的家人聊天).
      const motive = words((t) => MOTIVE.test(t.word));
      if (motive.length) return motive;
      // 想学外语 for 为什么想去留学: the question's own wish, said of something it does not name, is its aim.
      const aim = tokens.findIndex((t, i) => {
        if (!/^(想|希望)$/.test(t.word) || !question.includes(t.word)) return false;
        const next = tokens[i + 1];
        if (!next || !HAN.test(next.word) || /^(t|m)/.test(next.tag) || TIME_WORDS.test(next.word))
          return false;
        const end = tokens.findIndex((u, k) => k > i && u.tag === 'x');
        const rest = tokens.slice(i + 1, end < 0 ? tokens.length : end);
        return !rest.some((u) => HAN.test(u.word) && question.includes(u.word) && u.word !== '的');
      });
      if (aim >= 0) return [`${tokens[aim]?.word ?? ''}${tokens[aim + 1]?.word ?? ''}`];
      // 她觉得很有意思: a view of it is why, however the tagger cuts it.
      const felt = FELT.exec(text)?.[0];
      if (felt) return [felt];
      // …or an event told as a fact (我找到新工作了 for 怎么这么高兴): a verb the question did not say,
      // not a time or place of the question's own action (我在大学学习汉语 for 为什么学习汉语).
      // Only where the reason is all that is asked: beside 什么运动 any sentence would pass as one.
      const only = form.asks.length === 1;
      if (!only) return [];
      // A clause that says the question's own action (我明天一定来上课) is no reason; another clause of the
      // same answer that tells an event or a state may be (家里有事，我妈妈来了，我去接她 for 为什么没来).
      // 去过 / 去了 is the question's 去 said again.
      // 起床 for 为什么起得很早: a word the question's one-character verb opens is that verb said again.
      const again = (w: string): boolean =>
        (form.actions ?? []).some((a) => a.length === 1 && w.startsWith(a));
      const own = (t: Token): boolean =>
        /^v/.test(t.tag) &&
        !STATIVE.test(t.word) &&
        (question.includes(t.word.replace(/[了过着]$/, '')) || again(t.word));
      // 她喜欢画花 for 为什么喜欢画画儿: the question's liking said again of another thing says what, not why.
      const ownAction = (c: readonly Token[]): boolean =>
        c.some(own) || c.some((t) => /^(喜欢|爱|想)$/.test(t.word) && question.includes(t.word));
      // 我想去中国找工作 / 我想去见她的家人: a verb after the question's own is its purpose.
      const purpose = tokens
        .filter((t, i) => tokens.slice(0, i).some(own) && /^v/.test(t.tag) && t.tag !== 'vn')
        .filter((t) => !own(t) && !STATIVE.test(t.word) && !question.includes(t.word))
        .map((t) => t.word);
      if (purpose.length) return purpose;
      const clauses = clausesAtPunctuation(tokens).filter((c) => c.some((t) => HAN.test(t.word)));
      // 存钱很重要，以后有急事的时候可以用: the action's worth, or what it makes possible, is why.
      const worth = clauses.find((c) => ownAction(c) && c.some((t) => WORTH.test(t.word)));
      const enables = clauses.find((c) => !ownAction(c) && c.some((t) => /^(可以|能)$/.test(t.word)));
      if (worth && enables)
        return [...worth, ...enables]
          .filter((t) => WORTH.test(t.word) || /^(可以|能)$/.test(t.word))
          .map((t) => t.word);
      const told = clauses
        .filter((c) => !ownAction(c))
        .flatMap((c) =>
          c.filter(
            (t) =>
              ((/^v/.test(t.tag) && t.tag !== 'vn') ||
                /^a/.test(t.tag) ||
                // 走不动 / 来不及 come as set phrases.
                (t.tag === 'l' && /不|得/.test(t.word)) ||
                (t.tag === 'n' && verbOnly(t.word))) &&
              !STATIVE.test(t.word) &&
              !question.includes(t.word),
          ),
        )
        .map((t) => t.word);
      // 我的女朋友是中国人，……: a fact said with 是 beside the question's action is a reason told.
      const fact = clauses
        .filter((c) => !ownAction(c) && c.some((t) => t.word === '是'))
        .flatMap((c) => c.filter((t) => /^n/.test(t.tag) && !question.includes(t.word)))
        .map((t) => t.word);
      if (clauses.length > 1 && (told.length || fact.length)) return [...told, ...fact];
      if (clauses.some(ownAction)) return [];
      // 周末我常常去公园玩 for 为什么喜欢过周末: a habit on the question's own occasion says what one does
      // then, not why.
      const habitThen =
        /常常|经常|一般|平时|总是/.test(text) &&
        (form.when ?? []).some((w) => w.length > 1 && text.includes(w));
      if (habitThen) return [];
      const done = words((t) => /^v/.test(t.tag) && t.tag !== 'vn' && !STATIVE.test(t.word));
      // A purpose said as one word (工作。 for 为什么学习汉语) is a reason given elliptically.
      const said = spoken(tokens);
      return done.length || said.length > 1 ? done : words((t) => /^(n|vn)/.test(t.tag));
    }
    case 'choice': {
      const options = form.options ?? [];
      const [left = '', right = ''] = question.split('还是');
      // 地铁站 is a station, not the 地铁 taken: a longer word says a side when it ends on it (坐地铁) or
      // opens on a verb or 在 before it (坐地铁去, 在家里).
      const sideWord = (w: string, o: string): boolean => {
        const at = w.indexOf(o);
        if (at < 0) return false;
        const [before, after] = [w.slice(0, at), w.slice(at + o.length)];
        return (before === '' || SIDE_LEAD.test(before)) && (after === '' || SIDE_TAIL.test(after));
      };
      // 电影 of 电影院 / 洗 of 洗衣机: a part of a side that both sides say (看电影, 洗) is no side; 去 of 出去玩 is.
      const partOf = (w: string, o: string): boolean =>
        o.includes(w) && !(left.includes(w) && right.includes(w));
      // 我每天早上七点起床 for 早上洗澡还是晚上洗澡 / 我家的洗衣机是去年买的 for 用洗衣机洗还是用手洗: a side
      // named in a clause about another action is not chosen.
      // (Only where both sides share the action: 在家休息还是出去玩 offers two actions, and 逛街 is one side.)
      const clauses = clausesAtPunctuation(tokens);
      const bothSides = (form.actions ?? []).filter((a) => left.includes(a) && right.includes(a));
      const ofOtherAction = (t: Token): boolean => {
        const acts = actions(clauses.find((c) => c.includes(t)) ?? []);
        return (
          bothSides.length > 0 &&
          acts.length > 0 &&
          !acts.some(
            (v) => question.includes(v.word) || (form.actions ?? []).some((a) => sameAction(v.word, a)),
          )
        );
      };
      const picked = tokens
        .filter(
          (t) =>
            options.some((o) => sideWord(t.word, o) || partOf(t.word, o) || kindOfSide(t.word, o, options)) &&
            HAN.test(t.word) &&
            !ofOtherAction(t),
        )
        .map((t) => t.word);
      // 睡觉以前 for 早上还是晚上: a time told by what one does then is a part of the day.
      const parts = partsOfDay(text);
      const partPicked = options.filter((o) => [...partsOfDay(o)].some((p) => parts.has(p)));
      if (picked.length === 0 && partPicked.length > 0 && partPicked.length < options.length)
        return partPicked;
      // 我们那儿夏天很热，冬天很冷 for 你喜欢夏天还是冬天: every side named and none preferred.
      const described =
        options.length > 1 &&
        options.every((o) => new RegExp(`${o}[^，。,]{0,2}(很|比较|非常|特别|太|有点儿?)`).test(text));
      if (described && !PREFERS.test(text)) return [];
      // 我每天给朋友打两次电话 for 喜欢打电话还是发短信: how often one side is done, no side liked.
      // (我每天看电视看一个小时 / 我现在住在市中心，已经住了三年了 / 我的手机里有三个App: how long, how
      // much or that one does it, and no liking.)
      if (
        AMOUNT_DONE.test(text) &&
        /喜欢|想|愿意/.test(question) &&
        !PREFERS.test(text.replace(new RegExp(AMOUNT_DONE.source, 'g'), ''))
      )
        return [];
      if (picked.length) return picked;
      // 一个人还是跟同学一起: doing it with someone else (跟我的室友一起) takes the side done with someone,
      // alone (自己, 一个人) the other.
      const withSide = [left, right].find((side) => COMPANY.test(side));
      if (withSide && COMPANY.test(text) && !/(和|跟|同)(我|你)一起/.test(text)) return ['和…一起'];
      if (withSide && /自己|一个人|独自/.test(text) && [left, right].some((side) => /自己|一个人/.test(side)))
        return [/自己|一个人|独自/.exec(text)?.[0] ?? '自己'];
      // (两个小时 counts hours, not both sides.)
      if (/都|两个(?!小时|钟头|月|星期|礼拜)|两种|都不|哪个都/.test(text)) return ['都'];
      // A third option of the same kind (喝牛奶 for 茶还是咖啡), taken by the question's own verb or by
      // none: 吃鱼 for 喜欢猫还是喜欢狗 is another thing done, not a third pet.
      // 坐高铁 for 坐火车还是坐飞机: a thing the verb both sides share takes is a third of the same kind.
      const shared = sharedVerb(question, options);
      // Asked which is better (你觉得住在城市好还是住在农村好), a third is offered only with a judgement:
      // 我住在上海 names a city where the learner lives, not a side taken.
      if (/觉得|认为|你看/.test(question) && !JUDGED.test(text)) return [];
      return fresh
        .filter(
          (t) =>
            options.some((o) => relatedness(lex, t.word, o) > 0) ||
            (shared !== null && /^n/.test(t.tag) && tokens[tokens.indexOf(t) - 1]?.word === shared),
        )
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
      // 明天天气怎么样 is answered by the weather (晴天, 下大雪, 零下五度).
      if (/天气/.test(question) && WEATHER.test(text)) return [WEATHER.exec(text)?.[0] ?? ''];
      return words(
        (t) =>
          (t.tag.startsWith('a') ||
            (lex.entry(t.word)?.pos ?? '').startsWith('a') ||
            EVALUATION_WORDS.test(t.word)) &&
          // 我喜欢打篮球 for 那场比赛怎么样: a liking of an activity judges nothing asked.
          !(/^(喜欢|爱)$/.test(t.word) && /^v/.test(tokens[tokens.indexOf(t) + 1]?.tag ?? '')),
      );
    case 'manner': {
      // (鱼 is an animal the lexicon knows, and a dish: see KIND_ALSO.)
      const classes = (w: string): string[] => [...(lex.entry(w)?.classes ?? [])];
      const ofQuestionThing = (w: string): boolean =>
        [...question].some((c, i) =>
          [c, question.slice(i, i + 2)].some(
            (q) =>
              (lex.entry(q)?.pos ?? '').startsWith('n') &&
              (relatedness(lex, w, q) > 0 ||
                classes(q).some((k) => (KIND_ALSO[k] ?? []).some((also) => classes(w).includes(also)))),
          ),
        );
      // 怎样才能…: advice, a thing to do said with 要 / 多 / 少 / 可以 / 应该 / 别 (多走路, 吃饭要有规律).
      if (WAY_QUESTION.test(question))
        return words(
          (t) =>
            /^(v|vn|a|n)/.test(t.tag) &&
            !STATIVE.test(t.word) &&
            ADVICE.test(
              tokens
                .slice(0, tokens.indexOf(t))
                .reverse()
                .find((p) => p.word.trim() !== '' && !FILLERS.test(p.word))?.word ?? '',
            ),
        );
      // 用什么办法 asks a thing to do: a verb said outside a reason (去公园走走, 给朋友打电话, 睡觉).
      if (METHOD_QUESTION.test(question))
        return clausesAtPunctuation(tokens)
          .filter((c) => !c.some((t) => REASON.test(t.word)))
          .flatMap((c) => c.filter((t) => /^v/.test(t.tag) && t.tag !== 'vn' && !STATIVE.test(t.word)))
          .map((t) => t.word)
          .filter((w) => !question.includes(w));
      // 怎么去 / 怎么上班 asks how one goes: by a means or a vehicle only (八点上班 says when).
      // (坐地铁去市中心，你呢？ asks the way one goes too.)
      const going = /怎么(去|来|回|到|走|过来|过去|上班|上学)/.test(question) || form.same !== undefined;
      // 怎么走 asks the way: 往前走, 左拐, 过马路 give it.
      if (/怎么走/.test(question) && WAY_SAID.test(text)) return [WAY_SAID.exec(text)?.[0] ?? '往'];
      const counted = (t: Token): boolean => {
        const prev = tokens[tokens.indexOf(t) - 1];
        return prev !== undefined && isNumber(prev);
      };
      // 走着去 / 在网上买 may come cut into words none of which is a means alone.
      const way = MEANS_SAID.exec(text)?.[0];
      return (way ? [way] : []).concat(
        words(
          (t) =>
            MEANS.test(t.word) ||
            lex.isA(t.word, 'vehicle') ||
            (!going && /^(v|vn)/.test(t.tag) && !STATIVE.test(t.word)) ||
            // 英语 for 怎么和当地人说话 says how; 米饭 for 怎么点菜 says what (a kind of the question's thing);
            // 一百多块钱 says how much, not how.
            (!going &&
              /^n/.test(t.tag) &&
              t.tag !== 'nr' &&
              !ofQuestionThing(t.word) &&
              !/^(钱|块钱|元)$/.test(t.word) &&
              !counted(t)),
        ),
      );
    }
    case 'object': {
      const kinds = kindsAsked(form);
      const kindWord = form.kindWord;
      // The question's topic named back (早饭 for 你今天早上吃了什么) is what is asked about, not a thing of it.
      // 咖啡 of 喝咖啡的时候不放糖，你呢: a thing of the statement's occasion is not the thing it says.
      const framed = (w: string): boolean => ofOccasion(form.same, w);
      // 用手机买东西: what one does it with is the means, not the thing asked for (unless 用什么 is asked).
      const means = (t: Token): boolean =>
        form.verb !== '用' && /^(用|拿)$/.test(tokens[tokens.indexOf(t) - 1]?.word ?? '');
      // 东西 names no thing (买东西 says only that one buys).
      const fresh = freshAll.filter(
        (t) => !topic.includes(t.word) && !framed(t.word) && !means(t) && t.word !== '东西',
      );
      const words = (pred: (t: Token) => boolean): string[] => fresh.filter(pred).map((t) => t.word);
      const objects = objectOfVerb(form, tokens, question).filter(
        (w) => !topic.includes(w) && !framed(w) && w !== '东西',
      );
      // 叫什么名字 wants a name: one the tagger knows, or what follows 叫 / 名字是 (他叫王明, 李小红); a
      // place or a people (日本人) is not one.
      if (kindWord === '名字')
        return tokens
          .filter(
            (t, i) =>
              HAN.test(t.word) &&
              (/^nr/.test(t.tag) ||
                PERSON_NAME.test(t.word) ||
                (/^(叫|是)$/.test(tokens[i - 1]?.word ?? '') &&
                  (tokens[i - 1]?.word === '叫' || text.includes('名字')))),
          )
          .filter(
            (t) =>
              !question.includes(t.word) &&
              !lex.isA(t.word, 'place') &&
              t.tag !== 'ns' &&
              !PEOPLE_OF.test(t.word),
          )
          .map((t) => t.word);
      const headed = (w: string): boolean => headedBy(w, kindWord);
      const modified = (w: string): boolean =>
        kindWord !== undefined && w.length > kindWord.length && w.startsWith(kindWord);
      // 吃饭 is the eating itself and 饭 / 东西 name the whole class: neither is a thing of it.
      const ofKind = words(
        (t) =>
          !modified(t.word) &&
          !(
            form.verb !== undefined &&
            t.word.startsWith(form.verb) &&
            lex.names(t.word.slice(form.verb.length))
          ) &&
          !lex.names(t.word) &&
          (headed(t.word) ||
            kinds.some((k) => lex.isA(t.word, k)) ||
            (kindWord !== undefined && relatedness(lex, t.word, kindWord) > 0)),
      );
      // 爱情电影 / 中国电影 said as two words: the one before the kind word names a kind of it.
      // 害怕的电影 too: a word and 的 before the kind word name a kind of it.
      const modifiers = tokens
        .filter(
          (t, i) =>
            kindWord !== undefined &&
            HAN.test(t.word) &&
            ((tokens[i + 1]?.word === kindWord && /^(n|a|nz|ns|l|vn)/.test(t.tag)) ||
              // (手机上的词典: a place on it, then 的.)
              (/^(上|里)$/.test(tokens[i + 1]?.word ?? '') &&
                tokens[i + 2]?.word === '的' &&
                tokens[i + 3]?.word === kindWord) ||
              (tokens[i + 1]?.word === '的' &&
                tokens[i + 2]?.word === kindWord &&
                /^(n|a|nz|ns|l|vn|v)/.test(t.tag) &&
                !STATIVE.test(t.word))),
        )
        .map((t) => t.word);
      // 《红楼梦》: a title said names the book, film or song asked for.
      const title = tokens.findIndex((t) => t.word === '《');
      if (title >= 0 && tokens[title + 1]) return [tokens[title + 1]?.word ?? ''];
      const things = [...ofKind, ...modifiers, ...objects].filter((w) => !TIME_UNIT_NOUN.test(w));
      if (things.length) return things;
      // 什么颜色 / 什么饭馆: an attribute the lexicon lists whole, or a noun with a head of its own, is
      // answered by a word of that kind only, not by any noun (华为 for a colour, 银行 for a restaurant).
      if (closedKind(form)) return [];
      // 我中午吃饺子，你呢？: a thing is named after the statement's verb, or alone (面条。); a noun in a
      // sentence about something else (我们学校的数学老师很好) takes nothing up.
      if (form.same !== undefined && tokens.some((t) => /^(v|a)/.test(t.tag) && t.tag !== 'vn')) return [];
      // 做什么家务: a kind the lexicon does not know, done by 做, is named by what is done (洗碗, 扫地).
      const action =
        (!form.kind || form.kind === form.kindWord) &&
        form.verb !== undefined &&
        ACTION_VERBS.test(form.verb);
      // 做什么手工 / 做什么家务: 做布娃娃 names the thing made (the tagger may call it a name).
      const made =
        action && ACTIVITY_KIND.test(kindWord ?? '')
          ? tokens
              .filter((t, i) => tokens[i - 1]?.word === form.verb && /^(n|nr|nz)/.test(t.tag))
              .map((t) => t.word)
          : [];
      if (made.length) return made;
      // Learners name things no list holds: a noun the lexicon does not know may be the thing asked
      // for; one it knows as another kind (米饭 for 什么工作) is not.
      const unknown = (t: Token): boolean =>
        kinds.length === 0 ||
        (lex.entry(t.word)?.classes.size ?? 0) === 0 ||
        (OPEN_KIND.test(kindWord ?? '') &&
          !lex.isA(t.word, 'person') &&
          !lex.isA(t.word, 'family') &&
          !lex.isA(t.word, 'place') &&
          !/^(t|nr|ns)$/.test(t.tag));
      return words((t) =>
        // 做什么 wants something done (做饭, 看电视), not a thing (天气).
        // (聊天 is tagged a proper noun, and the HSK 2025 list gives it no part of speech.)
        action
          ? (/^(v|vn)/.test(t.tag) ||
              (/^n/.test(t.tag) && (lex.entry(t.word)?.pos ?? '').startsWith('v')) ||
              (t.tag === 'nz' && lex.entry(t.word)?.pos === '')) &&
            !STATIVE.test(t.word)
          : /^(n|nz|vn|nr|ns|t)$/.test(t.tag) &&
            t.word !== '东西' &&
            !TIME_UNIT_NOUN.test(t.word) &&
            !modified(t.word) &&
            unknown(t),
      );
    }
    case 'yes_no': {
      // 我每天晚上吃完饭就洗碗，你呢？: only the statement taken up answers (see sameTaken).
      if (form.same !== undefined) return [];
      // 作业做完了没有 asks whether it is done: 做好了 / 没有 / 还没 say so; 我每天做作业要一个小时 does not.
      if (/(完|好|到|懂)了没有/.test(question)) {
        const done = /(完|好|到|懂)了|没有?|还没|已经/.exec(text)?.[0];
        return done ? [done] : [];
      }
      // The question's own verb or adjective said (养过, 喜欢, 不远), an opening yes or no, and for an
      // adjective's question any verdict of degree (很近, 不太贵, 还可以, 挺难的).
      const opening = openingYesNo(tokens, question);
      // 退过一次 for 有没有退过货 / 我吃饭时一般不玩手机 for 吃饭的时候看手机吗: the question's verb said with
      // its 过, or the question's thing said as not done, is a yes or a no.
      const [first = '', second = ''] = spoken(tokens).map((t) => t.word);
      const once = /^\p{Script=Han}过$/u.test(first) ? first : second === '过' ? `${first}过` : '';
      if (once && question.includes(once)) return [once];
      // 我上大学的时候学过一点儿二胡 for 你有没有学过乐器: the question's V过 said anywhere is a yes (没学过 a no).
      const ever = /(?:有没有|没有|没)(\p{Script=Han}{1,2}?)过/u.exec(question)?.[1];
      if (ever && text.includes(`${ever}过`)) return [`${ever}过`];
      const deniedThing = tokens.findIndex(
        (t, i) =>
          /^(不|没|没有|从来不|从不)$/.test(t.word) &&
          tokens
            .slice(i + 1, i + 4)
            .some((u) => /^n/.test(u.tag) && u.word.length > 1 && question.includes(u.word)),
      );
      if (deniedThing >= 0) return [tokens[deniedThing]?.word ?? '不'];
      // 我们家没装这种机器 for 你家有没有洗碗机: a 没 in the opening clause says no.
      if (/有没有/.test(question) && (openingClause(tokens) ?? []).some((t) => /^没有?$/.test(t.word)))
        return ['没'];
      const occasion = /^(.*?)(的时候|以后|以前)/u.exec(question)?.[1] ?? '';
      // The question's predicate said again: its adjective (不远), else one of its verbs (养过, 喜欢).
      const own = tokens.filter((t) =>
        form.adjective !== undefined
          ? t.word === form.adjective
          : form.predicate !== undefined
            ? t.word.includes(form.predicate)
            : /^v/.test(t.tag) &&
              t.tag !== 'vn' &&
              // 买 of 你买东西的时候会讲价吗 sets the occasion; it is not what is asked.
              !occasion.includes(t.word) &&
              // 不会 / 没去 for 会…吗 / 去…吗: the question's verb denied.
              (question.includes(t.word) ||
                (/^[不没]\p{Script=Han}/u.test(t.word) && question.includes(t.word.slice(1)))),
      );
      // 很少 / 常常 / 从来不 for 你买东西的时候会讲价吗: how often says whether.
      // (Not for 有…吗: 常常刮风 does not say whether the weather has an effect.)
      const habitual = form.adjective === undefined && /会|常|平时|一般|每天/.test(question);
      // (常常在网上买东西 says how often one buys, the occasion's verb, not whether one bargains.)
      const ofOccasion = (i: number): boolean => {
        for (const next of tokens.slice(i + 1)) {
          if (next.tag === 'x') return false;
          if (/^v/.test(next.tag) && next.tag !== 'vn')
            return occasion !== '' && occasion.includes(next.word);
        }
        return false;
      };
      const often = habitual ? tokens.filter((t, i) => OFTEN_SAID.test(t.word) && !ofOccasion(i)) : [];
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
      const asked = form.adjective;
      // An elliptical verdict is on the property asked (很便宜 for 贵不贵), not another one (很多).
      const onIt = (w: string): boolean =>
        asked === undefined ||
        w.includes(asked) ||
        (OPPOSITE[asked] ?? []).some((o) => w.includes(o)) ||
        !Object.keys(OPPOSITE).some((k) => w.endsWith(k));
      const verdict =
        asked !== undefined
          ? tokens.filter(
              (t, i) =>
                MIDDLING.test(t.word) ||
                // 我的房间很大 for 你的房间大不大: the subject said again with the adjective asked.
                (DEGREED.test(t.word) && t.word.endsWith(asked)) ||
                (DEGREED.test(t.word) && !subjectBefore(i) && onIt(t.word)) ||
                (HAN.test(t.word) &&
                  (adjectival(t) || /^(n|a|l|v)/.test(t.tag)) &&
                  DEGREE.test(tokens[i - 1]?.word ?? '') &&
                  (t.word === form.adjective || (!subjectBefore(i) && onIt(t.word)))),
            )
          : [];
      return [
        ...opening,
        ...own.map((t) => t.word),
        ...often.map((t) => t.word),
        ...verdict.map((t) => t.word),
      ];
    }
  }
}

/**
 * What the answer says after the question's own verb (喝可乐 for 喝什么, whatever the tagger calls 可乐):
 * the object of that verb, when 什么 names no kind of its own.
 */
function objectOfVerb(form: QuestionForm, tokens: readonly Token[], question: string): string[] {
  const verb = form.verb;
  // 吃什么水果 names the kind: there the kind decides, not the verb.
  if (!verb || ACTION_VERBS.test(verb) || form.kindWord) return [];
  const lex = lexicon();
  const out: string[] = [];
  for (const [i, t] of tokens.entries()) {
    if (t.word !== verb) continue;
    // Past its particles, a count, and the hesitations said before the word (吃 嗯 那个 鸡蛋).
    const next = tokens
      .slice(i + 1, i + 8)
      .find(
        (x) =>
          HAN.test(x.word) &&
          !FILLERS.test(x.word) &&
          !/^(了|过|着|的|那个|这个|就是)$/.test(x.word) &&
          !isNumber(x) &&
          x.tag !== 'q',
      );
    if (!next || question.includes(next.word) || STATIVE.test(next.word) || /^(v|d|p|c|u|r)/.test(next.tag))
      continue;
    // The verb chooses its object: what is eaten is food, whatever else the lexicon calls it (鸡蛋).
    if (!/^(n|nz|vn|a|l|i|j)/.test(next.tag) || lex.names(next.word)) continue;
    out.push(next.word);
  }
  return out;
}

/** Whether the answer tells something in two clauses or more (家里有事，我去接她). */
const toldInClauses = (tokens: readonly Token[]): boolean =>
  clausesAtPunctuation(tokens).filter((c) => c.some(isSaid)).length > 1;

const LOCATIVE =
  /^(对面|旁边|前面|前边|后面|后边|附近|左边|右边|东边|西边|南边|北边|里边|里面|外边|外面|中间|楼上|楼下|对门|隔壁)$/;
/** 为什么迟到 / 为什么这么累 / 为什么没来: why something happened, not why one wants or likes it. */
const EVENT_WHY = /(为什么|为啥|怎么)(又|这么|那么|没|不|会|迟到|生气|哭|累|晚|感冒|生病|紧张)/;
/** 问谁 / 坐在谁旁边 / 找谁: 谁 is whom the learner acts on (谁教你 / 是谁送的: 谁 is who acts, whoever it is). */
const WHO_OBJECT = /(问|找|在|陪|像|见|看|等|叫|想|给|送|告诉|跟|和|同|与)谁/;
const GIVING = /^(给|送|送给|帮|教|请)$/;
const SIDE_LEAD = /^(在|坐|骑|开|喝|吃|用|去|看|打|玩|听|买|穿)$/;
const SIDE_TAIL = /^(里|上|里面|去|来|吧)$/;
const COMPANY = /(和|跟|同)[^，。,？?]{1,6}(一起|一块)/;
const SCENE = /^(每天|周末|平时|早上|上午|中午|下午|晚上|今天|明天|昨天|现在|每个星期|星期天|星期六)$/;
/** 走着去 / 在网上买 / 用手机订: a way of going or of doing, said in more than one word. */
const MEANS_SAID = /走着|走路|步行|跑着|骑车|打车|开车|坐车|网上|上网|手机上|用手机|打电话/;
const WORTH = /^(重要|有用|必要|需要|有好处|方便)$/;
const WAY_SAID = /往(前|左|右|东|西|南|北|回)|[左右]拐|拐弯|一直走|过马路|路口|过桥/;
// (书房 / 卧室 / 客厅: rooms are sites too.)
// Kinds of doing, not of things: any action done is one of them.
const ACTIVITY_KIND = /^(手工|家务|运动|活动|游戏)$/;
const WEATHER = /晴|阴天|多云|下雨|雨|下雪|雪|刮风|大风|度|暖和|凉快|冷|热/;
const SITE_HEAD = /[店馆场院厅站室园厂楼城街村区房]$/;
const FELT =
  /觉得[^，。,]{0,4}(有意思|好玩|舒服|开心|快乐|重要|方便|便宜|好吃|好看|好听|漂亮|轻松|放松|有用)/;
/** 我爸爸 / 我的朋友 / 我家: 我 owns what follows it. */
function ownedNext(next: Token | undefined): boolean {
  const lex = lexicon();
  return (
    next !== undefined &&
    (next.word === '的' ||
      lex.isA(next.word, 'person') ||
      lex.isA(next.word, 'family') ||
      /^[家班]/.test(next.word))
  );
}
const OWN_PLACE = /^(老家|家乡|国家|城市|那儿|这儿|那里|这里)$/;
const PREFERS = /喜欢|更|比|最|爱|要|想|选|都|觉得|好|愿意/;
const JUDGED = /好|最|更|比|喜欢|适合|方便|舒服|不错|愿意|应该/;
const HEARD = /^(觉得|认为|猜|知道|记得|听说)$/;
const GROUP = /^(大家|大部分|大多数|有的|很多人|每个人)/;

/** Who the answer is about against who the question is about. */
function aboutOf(form: QuestionForm, tokens: readonly Token[]): FormAnswer['about'] {
  if (!form.about) return 'unknown';
  const lex = lexicon();
  // 我觉得大家…… / 我听说他……: a view or hearsay opened on 我 is about whom it goes on to name.
  const view = /^(我|我们)$/.test(tokens[0]?.word ?? '') && HEARD.test(tokens[1]?.word ?? '');
  const clauses = clausesAtPunctuation(view ? tokens.slice(2) : tokens);
  const subjects = clauses.map((c) => subjectOf(c, lex)).filter((s) => s.length > 0);
  if (subjects.length === 0) return 'unknown';
  // A first clause without a subject keeps the question's (没有，我妈妈怕狗 / 都很热情，他们会帮我).
  const first = clauses.find((c) => c.some(isSaid));
  if (first && subjectOf(first, lex).length === 0 && first.some((t) => /^(v|a|d|m)/.test(t.tag)))
    return 'question';
  const said = tokens.map((t) => t.word);
  if (form.about.who === 'you') {
    // 你 expects 我; an answer whose every subject is someone else is about someone else.
    const asksOwnPlace = form.about.ownPlace === true;
    const me = subjects.some((s) => s.length === 1 && /^(我|我们|自己)$/.test(s[0] ?? ''));
    // 我爸爸 / 我同事 is someone else; a 我 of its own anywhere (他和我一起…, 我也…) is the learner.
    // 我老家 / 我们国家 for 你们那儿 is the learner's own place; 自己 is the learner.
    const others = subjects[0]?.some(
      (w) => THIRD.test(w) || (!/^(我|我们|的|自己)$/.test(w) && !(asksOwnPlace && OWN_PLACE.test(w))),
    );
    const meAlone = said.some(
      (w, i) =>
        /^(我|我们)$/.test(w) &&
        // (给我 / 帮我 is the learner as someone done for, not as the one who does it.)
        !/^(给|帮|对|告诉|问)$/.test(said[i - 1] ?? '') &&
        // 我外婆 / 我的朋友 later on is the learner's own, not the learner.
        !ownedNext(tokens[i + 1]) &&
        !subjects.some(
          (s) => s.length > 1 && s[0] === w && (said[i + 1] === '的' ? said[i + 2] : said[i + 1]) === s[1],
        ),
    );
    // 他们住得很远 for 你去看爷爷奶奶吗: a 他 / 她 may be the people the question names.
    const them = (form.people?.length ?? 0) > 0 && (subjects[0] ?? []).every((w) => THIRD.test(w));
    return me ? 'question' : others && !meAlone && !them ? 'other' : 'unknown';
  }
  // 你妈妈 expects 她 / 我妈妈 / 妈妈; a bare 我 as the first subject is the learner instead.
  const named = form.about.words;
  // 同学们 / 大部分同学 name the 同学 asked about; 大家 speaks for a group, as 我们 does for the learner's own.
  const mentions = subjects.some((s) =>
    s.some((w) => named.some((n) => w.includes(n)) || THIRD.test(w) || GROUP.test(w)),
  );
  if (mentions || (form.about.ours && subjects.some((s) => s[0] === '我们'))) return 'question';
  const lead = subjects[0] ?? [];
  if (lead.length === 1 && /^(我|我们)$/.test(lead[0] ?? '')) return 'other';
  // 他们会帮我: the ones asked about may be named outside a subject.
  return tokens.some((t) => THIRD.test(t.word) || named.includes(t.word)) ? 'question' : 'unknown';
}

/**
 * A picture is described by what is in it: an answer whose every subject is the learner or the learner's
 * own (我周末喜欢去公园跑步, 我妈妈做的鱼 beside a park or a restaurant scene) talks about itself, not about the picture, whatever nouns it shares with the scene.
 */
export function aboutSelfOnly(tokens: readonly Token[]): boolean {
  const lex = lexicon();
  const subjects = clausesAtPunctuation(tokens)
    .map((c) => subjectOf(c, lex))
    .filter((s) => s.length > 0);
  // 我妈妈做的鱼 is the learner's own family, not the people pictured; a 他 / 她 after the learner's own
  // (我的孩子今年五岁，他很喜欢画画) refers back to them.
  const own = (s: string[]): boolean => /^(我|我们)$/.test(s[0] ?? '');
  const back = (s: string[]): boolean => s.length === 1 && THIRD.test(s[0] ?? '');
  return (
    subjects.length > 0 &&
    own(subjects[0] ?? []) &&
    subjects.every((s, i) => own(s) || (back(s) && (subjects[0]?.length ?? 0) > 1 && i > 0))
  );
}

/**
 * 我上个月去医院了 / 我妈妈是护士 / 我的手机是华为的 beside a picture: an answer that opens on the learner or
 * the learner's own tells of itself, not of the picture (我看到 / 我觉得 open a description or a view of it).
 */
export function opensOnSelf(tokens: readonly Token[]): boolean {
  const said = spoken(tokens).map((t) => t.word);
  const text = said.join('');
  return /^(我|我们)/.test(text) && !/^我们?(可以|能)?(看到|看见|觉得|想|猜|认为|发现)/.test(text);
}

// 很晚 / 比较早 for 几点: when, said only roughly (the middle band, not a clock time).
const ROUGH_TIME = /^(很|太|比较|挺|有点儿?|特别)(早|晚)$/;
const ROUGH_TIME_SAID = /(很|太|比较|挺|有点儿?|特别)(早|晚)(?![上饭])/;
/** 新加坡人 / 美国人: a people, as 哪国人 asks (not 家人, 客人, 年轻人). */
const PEOPLE_OF = /^(?!.*(家|别|大|客|男|女|老|轻|工|病|主|爱|友|本|个|们)人$)\p{Script=Han}{2,4}人$/u;
/** 一个 / 一家 / 三本: a count of things, no time. */
const COUNTED_THING =
  /^[一二两三四五六七八九十几]+(个|家|本|张|件|条|位|双|杯|碗|瓶|间|套|辆|台|门|种|块|份|把|支|所)$/;
/** 小时 / 分钟 / 天: a unit of time, never the thing asked for by 什么. */
const TIME_UNIT_NOUN = /^(小时|钟头|分钟|秒|天|年|月|星期|礼拜|周|次)$/;
const ROUGH_AMOUNT = /^(很多|不多|很少|很长|不长|很短|很久|不久)$/;
/** 几次 / 多少次 / 多久一次 / 多长时间一次: how often, counted in times. */
// 很多照片 / 很多爆米花: a rough amount before a word other than a unit of time or of times counts that.
const modifiesNext = (next: Token | undefined): boolean =>
  next !== undefined &&
  HAN.test(next.word) &&
  !/^(次|遍|回|天|年|个月|小时|分钟)/.test(next.word) &&
  !/^(d|c|p|u|y)/.test(next.tag);
/** 一年 / 两天 / 三周: a count of years, days or weeks (a length); 一月 / 二号 name a month or a day. */
const SPAN_COUNT = /^[一二两三四五六七八九十几半]{1,3}(年|天|周|个?星期|个月|个小时)$/;
const NUMERAL_TOKEN = /^[零一二两三四五六七八九十百千\d]+$/;
const SPAN_SAID = /小时|钟头|分钟|刻|天|年|月|星期|周|礼拜|会儿|整/;
const AMOUNT_DONE =
  /[一两二三四五六七八九十几半]+(个)?(次|小时|分钟|年|个月)|有[一两二三四五六七八九十几]+个/;
const TIMES_DONE = /[一两二三四五六七八九十几]次/;
const OFTEN_SAID = /^(很少|常常|经常|有时候|有时|从来不|从来没|从不|偶尔|不常|总是)$/;
const HOW_OFTEN = /几次|多少次|几回|多少回|(多久|多长时间)\p{Script=Han}*一次/u;
const FREQUENCY_UNITS = new Set(['times']);
const SPAN_UNITS = new Set(['span']);
/** A count said without a numeral (很多, 不少, 没有) answers 几个 / 多少. */
const COUNTED = /几个|几位|多少个|多少(?![钱岁])/;
const QUANTITY = /^(很多|不少|好多|许多|一些|很少|不多|没有|好几个|几十个|十几个)$/;
const ADVICE = /^(要|多|少|可以|应该|不要|别|不能|必须|最好|得|经常|常常|多多)$/;
// 没吃东西 says nothing was eaten, as 什么都没吃 does.
const NONE = /(什么|哪儿|哪里|谁|哪个)(都|也)(没|不)|没\p{Script=Han}{1,2}东西/u;
const ALL = /(什么|哪儿|哪里|哪个)都(?![没不])\p{Script=Han}/u;
const NONE_ANSWERS = new Set<Asked>(['object', 'place', 'person']);
// Forms that measure an action (when, how long, how often, how many): the action must be the question's.
// 什么 + verb too: 吃米饭 for 喝什么 is a thing taken by another verb, an answer to a neighbouring question.
const OF_ACTION = new Set<Asked>(['time', 'duration', 'number', 'object']);

/** Whether the clause that gives the form is about another action than the question's verb. */
function otherAction(
  form: QuestionForm,
  tokens: readonly Token[],
  given: FormAnswer['given'],
  question: string,
): boolean {
  const measured = form.asks.filter((a) => OF_ACTION.has(a) && a !== 'object');
  // The object of 喝什么 is judged against 喝 alone (not 下课 of 下课以后做什么; 做 takes any action).
  // 做什么菜 names its kind: there 做 is cooking, and 吃饺子 is another action on the same kind.
  // (做什么手工 asks any making: 织围巾 is one, not another action.)
  const byVerb =
    form.asks.includes('object') &&
    form.verb !== undefined &&
    (!ACTION_VERBS.test(form.verb) || (form.kind !== undefined && !ACTIVITY_KIND.test(form.kindWord ?? '')));
  const words = [...measured, ...(byVerb ? (['object'] as const) : [])].flatMap((a) => given[a] ?? []);
  if (words.length === 0) return false;
  const asked = measured.length > 0 ? (form.actions ?? []) : [form.verb ?? ''];
  if (asked.length === 0 || !question) return false;
  const clauses = clausesAtPunctuation(tokens);
  const giving = clauses.find((c) => c.some((t) => words.includes(t.word)));
  if (!giving) return false;
  // 下班以后 / 下雨的时候 is a time said by an event: its verb sets the time, it is not the action timed.
  // 放寒假的时候: a verb whose clause goes on to 的时候 / 以后 before any other verb sets the time.
  const setsTime = (t: Token, clause: readonly Token[] = giving): boolean => {
    for (const next of clause.slice(clause.indexOf(t) + 1)) {
      if (/^(以后|以前|之后|之前|的时候|时候)$/.test(next.word)) return true;
      if (/^v/.test(next.tag)) return false;
    }
    return false;
  };
  const own = actions(giving).filter(
    (t) =>
      !/^(以后|以前|之后|之前|的时候|时候|后|前)$/.test(giving[giving.indexOf(t) + 1]?.word ?? '') &&
      !setsTime(t) &&
      // 听说是国庆节: what one heard or thinks is no action of its own; 比如 only brings in examples.
      !/^(听说|据说|好像|记得|知道|希望|打算|准备|觉得|认为|比如|例如|像|包括)$/.test(t.word) &&
      // 从七月十号开始: 开始 / 结束 say when the action runs, not another action (nor 是从 / 是在 joined).
      !/^(开始|结束|是从|是在|是跟|是和)$/.test(t.word),
  );
  // The question's own verb said (每天下班都去 for 什么时候去超市) keeps the clause on its action.
  // (去过 of 去电影院: the verb said with its 过 / 了 / 着 is the question's own.)
  const ownVerb = giving.some(
    (t) =>
      /^v/.test(t.tag) && !STATIVE.test(t.word) && question.includes(t.word.replace(/(?<=.)[过了着]$/u, '')),
  );
  // 把垃圾带下去 for 什么时候倒垃圾: the question's own thing said anywhere in the answer keeps another verb on
  // its action (said in other words, not another action). Its people do not: 我爸爸喜欢吃饺子 for 你爸爸会做什么菜.
  const lex = lexicon();
  // (坐公共汽车 for 等公共汽车要等多久: the thing taken by another verb is another action on it.)
  const ownThing = tokens.some(
    (t, i) =>
      !own.includes(tokens[i - 1] as Token) &&
      // (暑假 of 放暑假 is the thing; 周末 of 周末几点起床 only sets the scene.)
      (/^n/.test(t.tag) || (t.tag === 't' && !(form.when ?? []).includes(t.word) && !SCENE.test(t.word))) &&
      t.tag !== 'nr' &&
      [...t.word].length > 1 &&
      question.includes(t.word) &&
      !lex.isA(t.word, 'person') &&
      !lex.isA(t.word, 'family'),
  );
  // 前天我朋友从国外回来，送了我一盒巧克力 for 什么时候收到礼物: the action asked said by its other side in a
  // later clause (送了我) is what the time given is of. (The same verb said later was measured to let
  // band-1 answers through.)
  // (我们见面的时候一般去咖啡馆 sets its time by the action asked: it does not say it.)
  const saidLater = clauses.some(
    (c) =>
      c !== giving &&
      actions(c).some(
        (v) =>
          asked.some((q) => sameAction(v.word, q) && !q.includes(v.word[0] ?? '')) &&
          !setsTime(v, c) &&
          !/^(以后|以前|之后|之前|的时候|时候|后|前)$/.test(c[c.indexOf(v) + 1]?.word ?? ''),
      ),
  );
  return (
    own.length > 0 &&
    !ownVerb &&
    !ownThing &&
    !saidLater &&
    !own.some((t) => asked.some((q) => sameAction(t.word, q)))
  );
}

/**
 * 我们城市很大 for 你们城市的地铁怎么样: the answer opens on the owner and never names the thing judged,
 * so it judges the owner instead.
 */
function judgesOwner(form: QuestionForm, tokens: readonly Token[]): boolean {
  const judged = form.judged;
  if (!judged) return false;
  const said = spoken(tokens).map((t) => t.word);
  const lead = said.findIndex((w) => !/^(我|我们|你们|咱们|的)$/.test(w));
  return said[lead] === judged.owner && !said.some((w) => sharesChar(w, judged.thing));
}

/** 我喜欢看美国电影 for 你看过中国电影吗: the same kind of thing narrowed another way, the question's never said. */
function otherNarrowed(form: QuestionForm, tokens: readonly Token[]): boolean {
  const n = form.narrowed;
  if (!n) return false;
  const said = tokens.map((t) => t.word);
  if (said.includes(n.modifier) || openingYesNo(tokens, '').length > 0) return false;
  return tokens.some(
    (t, i) => /^(ns|nz)$/.test(t.tag) && t.word !== n.modifier && tokens[i + 1]?.word === n.head,
  );
}

/** 坐火车还是坐飞机: the verb said before each side, when it is the same. */
function sharedVerb(question: string, options: readonly string[]): string | null {
  const [a, b] = options;
  if (!a || !b) return null;
  const before = (o: string): string | undefined =>
    /(\p{Script=Han})$/u.exec(question.split(o)[0] ?? '')?.[1];
  const v = before(a);
  return v !== undefined && v === before(b) && (lexicon().entry(v)?.pos ?? '').startsWith('v') ? v : null;
}

/** 我常常给朋友打电话 for 你给家里打几次电话: the action done for or with someone else than asked. */
function otherPartner(form: QuestionForm, tokens: readonly Token[]): boolean {
  const partner = form.partner;
  if (!partner) return false;
  const lex = lexicon();
  const home = (w: string): boolean => /^(家|家里|家人)$/.test(w) || lex.isA(w, 'family');
  const said = spoken(tokens);
  const at = said.findIndex((t) => t.word === partner.by);
  const other = said[at + 1];
  if (at < 0 || !other || PERSON_PRONOUNS.test(other.word) || THIRD.test(other.word)) return false;
  if (sharesChar(other.word, partner.word) || (home(partner.word) && home(other.word))) return false;
  const acted = said[at + 2];
  const ofAction = acted !== undefined && (/^v/.test(acted.tag) || /^(一起|一块儿)$/.test(acted.word));
  return /^n/.test(other.tag) && ofAction && !said.some((t) => t.word === partner.word);
}

/**
 * 我喜欢在网上买衣服 for 你觉得在网上订酒店方便吗: the question's place or means with another action done
 * there, the question's own action never said.
 */
function otherInFrame(form: QuestionForm, tokens: readonly Token[]): boolean {
  const frame = form.frame;
  if (!frame) return false;
  const at = placeAt(tokens, frame.at);
  const verb = at ? actions(tokens.slice(at.next, at.next + 1))[0] : undefined;
  return (
    verb !== undefined &&
    !sameAction(verb.word, frame.action) &&
    !tokens.some((t) => t.word.includes(frame.action))
  );
}

/** 有没有动物园 / 有动物园吗 answered by 有 + other things, without a yes of its own and never naming 动物园. */
function otherHad(question: string, tokens: readonly Token[]): boolean {
  const asked = /有没有(\p{Script=Han}{1,4}?)[？?。]|有(\p{Script=Han}{1,4}?)吗/u.exec(question);
  const thing = asked?.[1] ?? asked?.[2];
  if (!thing || openingYesNo(tokens, question).length > 0) return false;
  const said = spoken(tokens);
  // (野生动物园 names a 动物园; 公园 shares only its 园.)
  if (said.some((t) => t.word.includes(thing) || (t.word.length > 1 && thing.includes(t.word)))) return false;
  const at = said.findIndex((t) => t.word === '有');
  return at > 0 && said.slice(at + 1).some((t) => /^n/.test(t.tag));
}

/** Whether an answer gives what its question asks for, and whether it is about the question's subject. */
export function answerForm(
  form: QuestionForm,
  tokens: readonly Token[],
  question: string,
  topic: readonly string[] = [],
): FormAnswer {
  const text = spokenChars(tokens.map((t) => t.word).join('')).join('');
  const given: FormAnswer['given'] = {};
  // 什么都没吃 / 哪儿都没去 / 谁也不认识: "nothing", "nowhere", "nobody" is what was asked, said as none.
  // 什么都喜欢吃 / 哪儿都想去: "everything", "everywhere" answers as well.
  const none = NONE.exec(text)?.[0] ?? ALL.exec(text)?.[0];
  for (const asked of form.asks) {
    const by = none && NONE_ANSWERS.has(asked) ? [none] : giving(asked, form, tokens, text, question, topic);
    if (by.length) given[asked] = [...new Set(by)].slice(0, 4);
  }
  // 我给我妹妹发红包了 for 谁给你发红包: the learner doing it to someone answers who did it the other way.
  if (
    given.person &&
    /谁(给|送|帮|教|请)给?(你|您)/.test(question) &&
    tokens.some(
      (t, i) =>
        /^(我|我们)$/.test(t.word) &&
        GIVING.test(tokens[i + 1]?.word ?? '') &&
        !GIVING.test(tokens[i - 1]?.word ?? ''),
    )
  )
    delete given.person;
  // 我们城市有很多公园 for 你们城市有没有动物园: 有 said of other things, the one asked never named, says no yes.
  if (given.yes_no && otherHad(question, tokens)) delete given.yes_no;
  // 她现在不工作 / 我妈妈退休了，她不用上班 for 她在哪儿工作 / 几点下班: the question's premise denied is its answer.
  const denied = deniesPremise(form, tokens, question);
  if (denied) for (const a of form.asks) given[a] ??= [denied];
  // 我也有 / 我不吃 / 我也是 for 我今天有考试，你呢？: the statement's verb taken up (or 也是) answers the same.
  const same = form.same !== undefined ? sameTaken(form.same, form.asks, tokens, text) : null;
  if (same) for (const a of form.asks) given[a] ??= [same];
  const answered = form.asks.length === 0 || form.asks.some((a) => given[a] !== undefined);
  const opening =
    openingClause(tokens)
      ?.map((t) => t.word)
      .join('') ?? '';
  const lex = lexicon();
  const kinds = kindsAsked(form);
  const specific = form.asks.some(
    (a) =>
      given[a] !== undefined &&
      ((SPECIFIC.has(a) &&
        (a !== 'person' || named(given.person ?? [])) &&
        (a !== 'time' || (given.time ?? []).some((w) => !ROUGH_TIME.test(w)))) ||
        (a === 'manner' && (given.manner ?? []).some((w) => MEANS.test(w) || lex.isA(w, 'vehicle'))) ||
        // A yes or no said first, or a verdict on the adjective asked, is the whole of a yes/no task.
        // (An elliptical verdict after a clause about something else, 我的老师是北京人，很漂亮 for 快不快,
        // may be that clause's: it answers only weakly.)
        (a === 'yes_no' &&
          ((form.adjective !== undefined && (given.yes_no ?? []).some((w) => opening.includes(w))) ||
            openingYesNo(tokens, question).length > 0)) ||
        // A reason told as what happened or is meant (我去看她, 家里有事), not a bare 因为 or a wish.
        (a === 'reason' &&
          (given.reason ?? []).some((w) => !REASON.test(w) && !MOTIVE.test(w)) &&
          toldInClauses(tokens)) ||
        (none !== undefined && NONE_ANSWERS.has(a)) ||
        denied !== null ||
        // 我也是 / 我不吃 for 我中午吃饺子，你呢: the statement taken up is the whole of the task.
        same !== null ||
        // A pastime named by what one does (我喜欢拍照, 我的爱好是画画儿).
        (a === 'object' && form.kind === 'pastime' && (given.object ?? []).length > 0) ||
        (a === 'object' &&
          (given.object ?? []).some(
            (w) =>
              headedBy(w, form.kindWord) ||
              (kinds.length > 0 && kinds.some((k) => lex.isA(w, k))) ||
              (form.kindWord !== undefined && new RegExp(`${w}的?${form.kindWord}`).test(text)) ||
              objectOfVerb(form, tokens, question).includes(w),
          ))),
  );
  return {
    asks: form.asks,
    given,
    answered,
    specific,
    // 谁 asked and a person named: that person is the answer (我姐姐 for 你最好的朋友是谁), not its subject.
    // A person introduced is talked about, not only named: 我叫大卫 introduces the learner instead.
    // (我妹妹常常跟她的同学去 for 你跟谁一起去: someone else doing it with someone is about someone else; 我爸爸。
    // alone names the one asked for.)
    about:
      given.person &&
      named(given.person) &&
      !form.introduced &&
      !(
        (/(和|跟|同|与)谁/.test(question) || (form.about?.who === 'you' && WHO_OBJECT.test(question))) &&
        aboutOf(form, tokens) === 'other' &&
        (form.about?.who === 'other' ||
          (openingClause(tokens) ?? []).some((t) => /^v/.test(t.tag) && !STATIVE.test(t.word)))
      )
        ? 'question'
        : judgesOwner(form, tokens) ||
            otherPartner(form, tokens) ||
            otherNarrowed(form, tokens) ||
            (form.same !== undefined && form.about?.who === 'you' && remarkOnly(tokens, question)) ||
            selfForOwned(form, tokens, question)
          ? 'other'
          : aboutOf(form, tokens),
    otherTime: otherTime(form, tokens, question) || otherHoliday(question, text),
    otherAction: !same && (otherAction(form, tokens, given, question) || otherInFrame(form, tokens)),
  };
}

import { beforeAll, describe, expect, it } from 'vitest';
import { syllables } from './measure.js';
import { aboutSelfOnly, answerForm } from './answer-form.js';
import { hesitation } from './fluency.js';
import { isEcho } from './question-echo.js';
import { readQuestion } from './question-form.js';
import { loadTagger, tagAnswer } from './segment.js';
import type { Tagger } from './segment.js';
import { spokenChars } from '@kouyu/core';

let tagger: Tagger;
beforeAll(async () => {
  ({ tagger } = await loadTagger());
});

function check(question: string, answer: string): ReturnType<typeof answerForm> {
  return answerForm(readQuestion(tagger, question), tagAnswer(tagger, answer), question);
}

describe('question form', () => {
  it('reads what each question form asks for', () => {
    const asks = (q: string): string[] => readQuestion(tagger, q).asks;
    expect(asks('你常常和谁一起运动？')).toContain('person');
    expect(asks('你周末常常去哪儿？')).toContain('place');
    expect(asks('你几点起床？')).toContain('time');
    expect(asks('你每天学习多长时间？')).toContain('duration');
    expect(asks('你为什么学习汉语？')).toContain('reason');
    expect(asks('你早上喝茶还是喝咖啡？')).toContain('choice');
    expect(asks('这家饭店的菜怎么样？')).toContain('evaluation');
    expect(readQuestion(tagger, '你最喜欢什么运动？')).toMatchObject({ asks: ['object'], kind: 'sport' });
    expect(readQuestion(tagger, '你喜欢喝什么？')).toMatchObject({ asks: ['object'], verb: '喝' });
    expect(readQuestion(tagger, '你妈妈喜欢做什么？').about).toEqual({ who: 'other', words: ['妈妈'] });
  });

  it('hears the form given by a word or by a structure', () => {
    expect(check('你常常和谁一起运动？', '我常常和我妹妹一起跑步。').answered).toBe(true);
    expect(check('你常常和谁一起运动？', '我一个星期运动三次。').answered).toBe(false);
    expect(check('你周末常常去哪儿？', '我周末常常去图书馆看书。').given.place).toContain('图书馆');
    expect(check('你周末常常去哪儿？', '我周末常常睡觉。').answered).toBe(false);
    expect(check('你几点起床？', '我起床以后吃早饭。').answered).toBe(false);
    expect(check('你几点起床？', '七点。').answered).toBe(true);
    expect(check('你每天学习多长时间？', '我每天学习两个小时。').answered).toBe(true);
    expect(check('你为什么学习汉语？', '因为我想去中国工作。').answered).toBe(true);
    expect(check('你为什么学习汉语？', '我学习汉语两年了。').answered).toBe(false);
    expect(check('你早上喝茶还是喝咖啡？', '我喝牛奶。').answered).toBe(true);
    expect(check('你早上喝茶还是喝咖啡？', '我早上七点起床。').answered).toBe(false);
    expect(check('这家饭店的菜怎么样？', '很好吃。').answered).toBe(true);
    expect(check('这家饭店的菜怎么样？', '我们去饭店吃饭吧。').answered).toBe(false);
    expect(check('你最喜欢什么运动？', '我最喜欢游泳。').specific).toBe(true);
    expect(check('你最喜欢什么运动？', '我最喜欢吃面条。').answered).toBe(false);
    expect(check('你喜欢喝什么？', '我喜欢吃米饭。').answered).toBe(false);
    expect(check('你妈妈喜欢做什么？', '她喜欢看书。').answered).toBe(true);
  });

  it('carries the question’s subject into the answer', () => {
    expect(check('你妈妈喜欢做什么？', '我妈妈喜欢做饭。').about).toBe('question');
    expect(check('你妈妈喜欢做什么？', '她喜欢看书。').about).toBe('question');
    expect(check('你妈妈喜欢做什么？', '我喜欢吃苹果。').about).toBe('other');
    expect(check('你周末常常做什么？', '我周末常常看书。').about).toBe('question');
    expect(check('你周末常常做什么？', '他周末常常看书。').about).toBe('other');
  });

  it('hears a yes/no on an adjective by a degree, its opposite or a middling verdict', () => {
    expect(readQuestion(tagger, '你家离公司远吗？').adjective).toBe('远');
    expect(readQuestion(tagger, '这杯咖啡贵不贵？')).toMatchObject({ asks: ['yes_no'], adjective: '贵' });
    for (const a of ['很近。', '不太远。', '还可以。', '挺远的，要坐一个小时车。'])
      expect(check('你家离公司远吗？', a).answered, a).toBe(true);
    // The same subject said again with another adjective is another property, not the verdict.
    expect(check('这个汤咸吗？', '这个汤很贵。').answered).toBe(false);
    // A yes or no said first is the whole of the task; one inside the answer is not.
    expect(check('你会不会游泳？', '当然会，我游得不错。').specific).toBe(true);
    expect(check('你明天有没有空？', '没有，我要上班。').specific).toBe(true);
    // A yes word inside another sentence is no yes: 是 in 我爸爸是老师 does not answer 喜欢…吗.
    expect(check('你爸爸喜欢喝咖啡吗？', '我爸爸是老师。').answered).toBe(false);
  });

  it('hears a means for 怎么 and a body part for 哪儿不舒服', () => {
    const means = check('你每天怎么去公司？', '骑自行车去。');
    expect(means.answered).toBe(true);
    expect(means.specific).toBe(true);
    expect(check('你每天怎么去公司？', '坐地铁。').specific).toBe(true);
    expect(check('你哪儿不舒服？', '我牙疼。').answered).toBe(true);
    expect(check('你哪儿不舒服？', '我想去医院。').answered).toBe(false);
  });

  it('counts a number only in the question’s unit, and a time only of the question’s action', () => {
    expect(check('你的书包里有几本书？', '三本。').specific).toBe(true);
    expect(check('你家有几个房间？', '我家住在五楼。').answered).toBe(false);
    expect(check('你的电脑是什么时候买的？', '我的电脑五千块。').answered).toBe(false);
    expect(check('你的电脑是什么时候买的？', '两年前买的。').answered).toBe(true);
    expect(check('你每天学习多长时间？', '我每天下午学习。').answered).toBe(false);
    expect(check('你每天学习多长时间？', '两个半小时。').answered).toBe(true);
    expect(check('你每天几点吃早饭？', '我晚上十点睡觉。').otherAction).toBe(true);
    expect(check('你每天几点吃早饭？', '七点半吃早饭。').otherAction).toBe(false);
  });

  it('hears a person for 谁 in a name or a kin word, never in a bare 他', () => {
    expect(check('你最喜欢的老师是谁？', '小王。').specific).toBe(true);
    expect(check('你最喜欢的老师是谁？', '我的同屋。').answered).toBe(true);
    const sister = check('你最好的朋友是谁？', '我姐姐。');
    expect(sister.specific).toBe(true);
    expect(sister.about).toBe('question');
    expect(check('你常常和谁一起跑步？', '我每天见他一次。').answered).toBe(false);
  });

  it('hears a reason said as a wish, and a kind named by its head', () => {
    expect(check('你为什么学习汉语？', '我想看懂中国电影。').answered).toBe(true);
    expect(check('你喜欢什么运动？', '篮球。').specific).toBe(true);
    expect(check('你喜欢看什么电影？', '爱情电影。').answered).toBe(true);
    expect(check('你喜欢看什么电影？', '我在电影院看。').answered).toBe(false);
    expect(check('你最喜欢的节日是什么？', '元宵节。').specific).toBe(true);
    expect(check('你周末一般做什么？', '上个周末天气很好。').answered).toBe(false);
  });

  it('tells an answer about someone said with 我 (我爸爸) from one about the learner', () => {
    expect(check('你会做饭吗？', '我爸爸做饭很好吃。').about).toBe('other');
    expect(check('你会做饭吗？', '不会，在家都是我爸爸做饭。').about).not.toBe('other');
    expect(check('你的老师对你好吗？', '我对老师很好。').about).toBe('other');
    expect(check('你的老师对你好吗？', '都很热情，他们常常帮我。').about).toBe('question');
  });

  it('tells a reply set at another time than the question’s', () => {
    expect(check('下课以后你常常去哪儿？', '我每天八点去学校。').otherTime).toBe(true);
    expect(check('下课以后你常常去哪儿？', '下课以后我常常去图书馆。').otherTime).toBe(false);
    // A day of the weekend is at the weekend.
    expect(check('你周末常常做什么？', '周日下午去游泳。').otherTime).toBe(false);
  });

  it('hears the question said back, with 我, without punctuation, with the recogniser’s spelling', () => {
    const echo = (q: string, a: string, answered = false): boolean =>
      isEcho(q, spokenChars(a), syllables, answered);
    expect(echo('你的生日是几月几号？', '你的生日是几月几号')).toBe(true);
    expect(echo('你的生日是几月几号？', '我你的生日是几月几号。')).toBe(true);
    expect(echo('你的生日是几月几号？', '我的生日是几月几号')).toBe(true);
    expect(echo('你的生日是几月几号？', '嗯你得生日是几月几号')).toBe(true);
    expect(echo('你家有几个人？', '我家有四个人。', true)).toBe(false);
    expect(echo('你喜欢猫还是喜欢狗？', '我喜欢猫。', true)).toBe(false);
  });
});

describe('question form, second reading', () => {
  it('counts a number only by what counts it: digits said one by one label, a span by its ends counts', () => {
    expect(check('你家有几个房间？', '我住在四零一。').answered).toBe(false);
    expect(check('你一个月去几次图书馆？', '我在二零五教室学习。').answered).toBe(false);
    expect(check('你一个星期工作几天？', '星期二到星期六都工作。').specific).toBe(true);
    expect(check('你每天学习多长时间？', '从八点到十点。').answered).toBe(true);
    expect(check('你家有几个房间？', '四个。').specific).toBe(true);
  });

  it('never takes the asker’s 我 for whom 你跟谁 asks, a scene-setting time before 你 included', () => {
    expect(readQuestion(tagger, '明天晚上你和谁去吃饭？').about).toEqual({ who: 'you', words: ['你'] });
    expect(check('明天晚上你和谁去吃饭？', '我一个星期去两次饭店。').answered).toBe(false);
    expect(check('明天晚上你和谁去吃饭？', '和我哥哥。').specific).toBe(true);
  });

  it('hears a time said by an event or beside the question’s own verb as the time asked', () => {
    const event = check('你一般什么时候去图书馆？', '下课以后 大概四点');
    expect(event.answered).toBe(true);
    expect(event.otherAction).toBe(false);
    expect(check('你一般什么时候去公园？', '我每天吃完饭都去').otherAction).toBe(false);
    // …and neither 买点儿 nor another action's clock time.
    expect(check('你一般什么时候去公园？', '我买点儿水果').answered).toBe(false);
    // An event frame names no season: 夏天 may be when it is hot; a clock time is another occasion.
    expect(check('天气热的时候你喜欢做什么？', '夏天我喜欢去游泳。').otherTime).toBe(false);
    expect(check('下课以后你常常做什么？', '我每天八点去学校。').otherTime).toBe(true);
  });

  it('takes 什么 + verb as an object of that verb, and “nothing” as an answer', () => {
    expect(check('你早上喜欢喝什么？', '我喜欢吃面包。').answered).toBe(false);
    // A thing of the kind asked, taken by another verb, answers a neighbouring question.
    expect(check('你周末喜欢看什么？', '我周末喜欢去书店买书。').otherAction).toBe(true);
    expect(check('你周末喜欢看什么？', '我喜欢看书。').otherAction).toBe(false);
    expect(check('你早上喜欢喝什么？', '我喜欢喝牛奶。').otherAction).toBe(false);
    expect(check('你昨天晚饭吃了什么？', '太忙了，什么都没吃。').specific).toBe(true);
  });

  it('reads 怎样才能 as asking a way and 怎么这么 as asking why', () => {
    expect(readQuestion(tagger, '怎样才能学好汉语？').asks).toContain('manner');
    expect(check('怎样才能学好汉语？', '要多说 多听 每天都要练习').answered).toBe(true);
    expect(check('怎样才能学好汉语？', '我昨天去了商店').answered).toBe(false);
    expect(readQuestion(tagger, '你怎么这么累？').asks).toEqual(['reason']);
    expect(check('你怎么这么累？', '我昨天晚上没睡觉。').answered).toBe(true);
  });

  it('hears how one goes only in a means or a vehicle', () => {
    expect(check('你每天怎么去学校？', '我每天七点去学校。').answered).toBe(false);
    expect(check('你每天怎么去学校？', '公交。').specific).toBe(true);
  });

  it('hears the question said back twice as an echo', () => {
    expect(
      isEcho('你爸爸做什么工作？', spokenChars('你爸爸做什么工作 我爸爸做什么工作'), syllables, false),
    ).toBe(true);
  });

  it('tells a description of a picture from an answer about the learner', () => {
    expect(aboutSelfOnly(tagAnswer(tagger, '我周末喜欢去公园跑步'))).toBe(true);
    expect(aboutSelfOnly(tagAnswer(tagger, '我喜欢吃鱼 我妈妈做的鱼很好吃'))).toBe(true);
    expect(aboutSelfOnly(tagAnswer(tagger, '一家人在公园里 爸爸在看书 我觉得他们很高兴'))).toBe(false);
  });

  it('counts broken-off words and a lone 那个 as hesitations, not 那个 before a noun', () => {
    expect(hesitation(tagAnswer(tagger, '嗯 我每天 那个 起床 七 七点'))).toBeGreaterThan(0.3);
    expect(hesitation(tagAnswer(tagger, '那个国家很大 我很喜欢'))).toBe(0);
  });
});

describe('question form, fourth reading: what 什么 asks, and answers to a neighbouring question', () => {
  it('reads the verb of 什么 past 了 and the kind past a modifier and 的', () => {
    expect(readQuestion(tagger, '你昨天晚上吃了什么？')).toMatchObject({ asks: ['object'], verb: '吃' });
    expect(readQuestion(tagger, '你学校旁边有什么好吃的饭馆？')).toMatchObject({ kindWord: '饭馆' });
    expect(readQuestion(tagger, '请介绍一下你最喜欢的季节。')).toMatchObject({ kind: 'season' });
  });

  it('hears the attribute 什么 + noun asks, not a noun beside it', () => {
    expect(check('你的包是什么颜色的？', '我的包是红色的。').specific).toBe(true);
    expect(check('你的包是什么颜色的？', '我的包是李宁的。').answered).toBe(false);
    expect(check('你学校旁边有什么好吃的饭馆？', '有一家面馆。').specific).toBe(true);
    expect(check('你学校旁边有什么好吃的饭馆？', '有一家火锅店。').specific).toBe(true);
    expect(check('你学校旁边有什么好吃的饭馆？', '有一个银行和一个书店。').answered).toBe(false);
    expect(check('你学校旁边有什么好吃的饭馆？', '我喜欢在家吃饭。').answered).toBe(false);
    expect(check('请介绍一下你最喜欢的季节。', '我最喜欢秋天。').specific).toBe(true);
    expect(check('请介绍一下你最喜欢的季节。', '我最喜欢吃香蕉。').answered).toBe(false);
  });

  it('takes what the question’s own verb takes as its object, past hesitations', () => {
    expect(check('你早上喜欢喝什么？', '我早上喜欢喝可乐。').specific).toBe(true);
    expect(check('你昨天晚上吃了什么？', '我吃 嗯 那个 饺子').given.object).toContain('饺子');
    expect(check('你昨天晚上吃了什么？', '我昨天晚上七点吃饭。').answered).toBe(false);
    expect(check('你昨天晚上吃了什么？', '我昨天晚上没吃东西。').answered).toBe(true);
    // The question's topic named back (晚饭, a key point no model answer says) is no thing eaten.
    const q = '你昨天晚上吃了什么？';
    expect(
      answerForm(readQuestion(tagger, q), tagAnswer(tagger, '我昨天七点吃晚饭。'), q, ['晚饭']).answered,
    ).toBe(false);
  });

  it('wants a point in time for 几点, and hears a rough one as a weak answer', () => {
    expect(check('你几点下班？', '我每天工作八个小时。').answered).toBe(false);
    expect(check('你几点下班？', '六点半。').specific).toBe(true);
    expect(check('你几点下班？', '我下班很晚。')).toMatchObject({ answered: true, specific: false });
  });

  it('hears a yes/no on an adjective said as one token (大不大), the subject said again', () => {
    expect(readQuestion(tagger, '你的学校大不大？').adjective).toBe('大');
    expect(check('你的学校大不大？', '我的学校很大。').answered).toBe(true);
    expect(check('你的学校大不大？', '我的学校是红色的。').answered).toBe(false);
  });

  it('hears a 他 after the learner’s own as the learner’s own', () => {
    expect(aboutSelfOnly(tagAnswer(tagger, '我的弟弟今年八岁，他很喜欢踢足球。'))).toBe(true);
    expect(aboutSelfOnly(tagAnswer(tagger, '一个孩子在踢足球，他很高兴。'))).toBe(false);
  });

  it('expects an introduced friend to be talked about, not the learner', () => {
    expect(check('请介绍一下你的一个好朋友。', '我的好朋友叫小李，他是老师。').about).toBe('question');
    expect(check('请介绍一下你的一个好朋友。', '我叫安娜，我是学生。').about).toBe('other');
  });

  it('hears one sentence of a two-sentence question said back as an echo', () => {
    const q = '现在很多年轻人不想结婚，你怎么看这种现象？';
    expect(isEcho(q, spokenChars('现在很多年轻人不想结婚'), syllables, false)).toBe(true);
    expect(isEcho(q, spokenChars('我觉得结婚不结婚是自己的事'), syllables, false)).toBe(false);
  });
  it('wants a length for 几个小时, not a clock time, and the question’s own event for 几点', () => {
    expect(check('你每天坐几个小时的车？', '我每天早上七点坐车。').answered).toBe(false);
    expect(check('你每天坐几个小时的车？', '差不多两个小时。').answered).toBe(true);
    expect(check('你们几点下课？', '我们八点上课。').otherAction).toBe(true);
    expect(check('你们几点下课？', '十一点半就下课了。').otherAction).toBe(false);
  });

  it('hears another occasion: a plan for what was done, a past event for a plan, another part of the day', () => {
    expect(check('你爸爸去过哪些国家？', '我爸爸明年打算去法国。').otherTime).toBe(true);
    expect(check('你爸爸去过哪些国家？', '他去过法国和德国。').otherTime).toBe(false);
    expect(check('放假以后你打算做什么？', '去年放假我去了海南。').otherTime).toBe(true);
    expect(check('你晚上几点吃饭？', '我早上七点吃饭。').otherTime).toBe(true);
    expect(check('你晚上几点吃饭？', '晚上七点左右。').otherTime).toBe(false);
  });

  it('hears the owner judged instead of the thing, and another action done in the question’s place', () => {
    expect(check('你觉得你们学校的食堂怎么样？', '我们学校很大，学生很多。').about).toBe('other');
    expect(check('你觉得你们学校的食堂怎么样？', '还不错，菜很便宜。').about).not.toBe('other');
    expect(check('你喜欢在家做饭吗？', '我喜欢在家看电视。').otherAction).toBe(true);
    expect(check('你喜欢在家做饭吗？', '喜欢，我常常在家做中国菜。').otherAction).toBe(false);
  });
  it('hears the action done with someone else than asked, and a time heard of as the time asked', () => {
    expect(check('你常常跟家人一起吃晚饭吗？', '我常常跟同学一起吃晚饭。').about).toBe('other');
    expect(check('你常常跟家人一起吃晚饭吗？', '常常，我跟爸爸妈妈一起吃。').about).not.toBe('other');
    expect(check('你觉得学汉语有哪些好处和坏处？', '好处是可以和中国人聊天。').about).not.toBe('other');
    expect(check('你姐姐什么时候毕业？', '听说是明年六月。').otherAction).toBe(false);
  });
  it('reads the seventh set’s forms: a place after 在, 你呢, a verdict said of something else, a span between times', () => {
    expect(check('你爸爸在哪儿工作？', '他在大阪工作。').answered).toBe(true);
    expect(check('我喜欢喝茶，你呢？', '我喜欢喝咖啡。').answered).toBe(true);
    expect(check('我是上海人，你呢？', '上海很漂亮。').answered).toBe(false);
    expect(check('你的房间大不大？', '我的房间在三楼，很干净。').specific).toBe(false);
    expect(check('你的房间大不大？', '不太大，可是很干净。').specific).toBe(true);
    expect(check('你多久去一次超市？', '差不多两个星期去一次。').answered).toBe(true);
    expect(check('你为什么想去上海？', '我不想去上海，我想去北京。').answered).toBe(true);
    expect(check('你妈妈喜欢吃什么菜？', '她什么都喜欢吃。').answered).toBe(true);
    expect(check('你去过日本餐厅吗？', '我常常去韩国餐厅。').about).toBe('other');
    expect(check('你打算什么时候去北京？', '放暑假的时候我就去，大概七月。').otherAction).toBe(false);
  });
  it('reads 你呢 after a statement as the same asked of the learner, and a premise denied or taken up', () => {
    expect(readQuestion(tagger, '我早上常常喝牛奶，你呢？')).toMatchObject({
      asks: ['object'],
      same: { verb: '喝' },
    });
    expect(check('我早上常常喝牛奶，你呢？', '豆浆。').answered).toBe(true);
    expect(check('我早上常常喝牛奶，你呢？', '我不喝，我喝茶。').otherAction).toBe(false);
    expect(check('我明天有汉语课，你呢？', '我也有。').answered).toBe(true);
    expect(check('我明天有汉语课，你呢？', '我们的老师很年轻。').answered).toBe(false);
    expect(readQuestion(tagger, '我周末常常去公园，你呢？').asks).toEqual(['place']);
    // Another verb, another thing of the kind, or the same event taken up answers it too.
    expect(check('我每天骑自行车去公司，你呢？', '我坐地铁。').answered).toBe(true);
    expect(check('我晚饭以后常常喝一杯咖啡，你呢？', '我喝绿茶。').answered).toBe(true);
    expect(check('我晚饭以后常常喝一杯咖啡，你呢？', '晚饭以后我去散步。').answered).toBe(true);
    expect(check('我晚饭以后常常喝一杯咖啡，你呢？', '我晚上七点吃晚饭。').answered).toBe(false);
    expect(check('我中午常常吃面条，你呢？', '我中午在家吃饭。').answered).toBe(false);
    expect(check('你妈妈会做什么菜？', '她不会做菜，我爸爸做饭。').answered).toBe(true);
    expect(check('你妈妈会做什么菜？', '她会做鸡。').answered).toBe(true);
    expect(check('你妈妈会做什么菜？', '我会做面条。').about).toBe('other');
    // 做什么菜 is cooking: a dish she likes to eat answers a neighbouring question.
    expect(check('你妈妈会做什么菜？', '她喜欢吃面条。').otherAction).toBe(true);
    expect(check('你妈妈会做什么菜？', '她会做很多菜，比如饺子和鱼。').otherAction).toBe(false);
  });
  it('hears 我们 and 大家 speak for people the learner is one of (你们班的同学), and a view opened on 我', () => {
    expect(check('你们公司的同事一般几点下班？', '我们一般六点下班。').about).toBe('question');
    expect(check('你们公司的同事一般几点下班？', '我觉得大家六点左右就走了。').about).toBe('question');
    expect(check('你们公司的同事一般几点下班？', '同事们都是六点下班。').about).toBe('question');
    expect(check('你妈妈一般几点下班？', '我觉得她五点半下班。').about).toBe('question');
    expect(check('你妈妈一般几点下班？', '我六点下班。').about).toBe('other');
  });
  it('reads the sides of A还是B apart from what both say, and a position as a place', () => {
    expect(readQuestion(tagger, '你喜欢在家里看电影还是在电影院看电影？').options).not.toContain('看电影');
    expect(check('你的学校在哪儿？', '在医院对面。').answered).toBe(true);
  });
  it('reads 你那儿呢 / 你们学校呢, a clock time before the verb, and what comes after 就', () => {
    expect(readQuestion(tagger, '我们学校九月一号开学，你们学校呢？').asks).toEqual(['time']);
    expect(readQuestion(tagger, '我这儿今天刮风了，你那儿呢？').asks).toEqual(['yes_no']);
    expect(check('我这儿今天刮风了，你那儿呢？', '没刮风，天气很好。').answered).toBe(true);
    expect(check('我每天早上起床就跑步，你呢？', '我起床以后先喝一杯水。').answered).toBe(true);
    expect(check('我每天早上起床就跑步，你呢？', '我的房间很小。').answered).toBe(false);
    expect(check('我每天早上起床就跑步，你呢？', '我也跑步，我跑半个小时。').answered).toBe(true);
    expect(check('你爷爷怕不怕热？', '他不怕热。').answered).toBe(true);
    expect(check('你的狗晚上在哪儿睡觉？', '在床下。').answered).toBe(true);
    expect(check('你为什么每天运动？', '我觉得运动很重要，可以让身体更好。').answered).toBe(true);
  });
  it('reads the twelfth set’s forms: directions, a way of going, 星期几 by habit, a verdict on the property asked', () => {
    expect(check('从学校到火车站怎么走？', '一直往前走，第二个路口左拐。').answered).toBe(true);
    expect(readQuestion(tagger, '我喜欢骑自行车去公园，你呢？').asks).toEqual(['manner']);
    expect(check('我喜欢骑自行车去公园，你呢？', '我一般坐公共汽车去。').answered).toBe(true);
    expect(check('我喜欢骑自行车去公园，你呢？', '公园里有很多花。').answered).toBe(false);
    expect(check('你一般星期几去超市？', '我每天都去。').answered).toBe(true);
    expect(check('你们那儿的水果贵不贵？', '很便宜。').answered).toBe(true);
    expect(check('你们那儿的水果贵不贵？', '水果是红色的，很多。').answered).toBe(false);
    expect(check('你哥哥和谁一起去旅游？', '我和我的同学一起去。').about).toBe('other');
    expect(check('你家谁做饭最多？', '我家每天做三个小时饭。').given.person).toBeUndefined();
    expect(check('你的朋友常常来你家吗？', '他们不常来，我家太远了。').answered).toBe(true);
    expect(check('你的朋友在商店买过什么东西？', '买过一个手机。').answered).toBe(true);
  });
  it('reads the thirteenth set’s forms: a name alone, 和我, one’s own home town, another extreme, a site', () => {
    expect(check('你们班谁唱歌唱得最好？', '玛丽娜。').answered).toBe(true);
    expect(check('你爸爸一般和谁一起去钓鱼？', '和我。').answered).toBe(true);
    expect(check('你爸爸一般和谁一起去钓鱼？', '我爸爸一般星期天去。').answered).toBe(false);
    expect(check('你们那儿冬天冷不冷？', '我老家在南方，冬天不太冷。').about).not.toBe('other');
    expect(check('你喜欢唱歌还是跳舞？', '自己唱歌。').about).not.toBe('other');
    expect(check('你的新手机是在哪儿买的？', '商场。').answered).toBe(true);
  });
  it('reads the fourteenth set’s forms: a count for 你呢, both sides only described, an occasion with nothing done', () => {
    expect(check('我一个星期去三次健身房，你呢？', '我两次。').answered).toBe(true);
    expect(check('我一个星期去三次健身房，你呢？', '我喜欢去健身房。').answered).toBe(false);
    expect(check('我一个星期去三次健身房，你呢？', '我不去健身房。').answered).toBe(true);
    expect(check('你喜欢春天还是秋天？', '我们那儿春天很短，秋天很长。').answered).toBe(false);
    expect(check('你喜欢春天还是秋天？', '秋天，春天风太大。').answered).toBe(true);
    expect(check('我下班以后常常去跑步，你呢？', '下班以后地铁人很多。').answered).toBe(false);
  });
  it('reads the ninth pass’s forms: a verb said again, a habit for a reason, a name, what is now for what is to come', () => {
    // 起床 is 起得早 said again, not why.
    expect(check('你爸爸为什么起得很早？', '我爸爸每天早上五点起床。').answered).toBe(false);
    expect(check('你爸爸为什么起得很早？', '因为他要去上班。').answered).toBe(true);
    // 很多照片 is how many photos, not how many trips.
    expect(check('你去年看了几次电影？', '我很喜欢看电影，看电影的时候可以吃很多爆米花。').answered).toBe(
      false,
    );
    expect(check('你去年看了几次电影？', '很多，差不多每个月都看。').answered).toBe(true);
    // What one does with the phone is not the phone: another habit of one's own takes 你呢 up.
    expect(check('我晚上常常用手机听音乐，你呢？', '我常常看小说。').answered).toBe(true);
    expect(check('我晚上常常用手机听音乐，你呢？', '我每天晚上用手机三个小时。').answered).toBe(false);
    // The question's liking said of another thing says what, not why.
    expect(check('你姐姐为什么喜欢唱歌？', '她喜欢唱中国歌。').answered).toBe(false);
    expect(check('你为什么喜欢过春节？', '春节我常常在家看电视。').answered).toBe(false);
    expect(check('你为什么喜欢过春节？', '可以见到很多亲戚。').answered).toBe(true);
    expect(check('你的老师叫什么名字？', '我的老师是中国人。').answered).toBe(false);
    expect(check('你的老师叫什么名字？', '她叫李红。').answered).toBe(true);
    expect(check('以后你想住在城市还是住在农村？', '我现在住在城市，很方便。').otherTime).toBe(true);
    expect(check('以后你想住在城市还是住在农村？', '我想住在农村，空气好。').otherTime).toBe(false);
    expect(check('我吃面条的时候不放辣椒，你呢？', '我每天中午吃一碗面条。').answered).toBe(false);
    expect(check('我吃面条的时候不放辣椒，你呢？', '我放一点儿醋。').answered).toBe(true);
    expect(check('你在饭馆怎么点菜？', '我常常点米饭和鱼。').answered).toBe(false);
    expect(check('你在饭馆怎么点菜？', '我看菜单上的照片点。').answered).toBe(true);
    expect(check('你妹妹在网上买过什么？', '她常常用电脑买东西。').answered).toBe(false);
    expect(check('你妹妹在网上买过什么？', '她买过一条裙子。').answered).toBe(true);
    expect(check('你为什么想去北京？', '想看看长城。').answered).toBe(true);
    expect(check('你们班谁起得最早？', '是我，我每天五点半就起床了。').answered).toBe(true);
    expect(check('你们班谁起得最早？', '我喜欢喝咖啡。').answered).toBe(false);
    expect(check('你喜欢坐公共汽车还是骑自行车？', '我每个星期骑三次自行车。').answered).toBe(false);
    expect(check('你喜欢坐公共汽车还是骑自行车？', '我更喜欢骑自行车，一个星期骑三次。').answered).toBe(true);
  });
  it('reads the fifteenth set’s forms: a length is no time, a habit said says whether, a verb the tagger misses', () => {
    expect(check('你一般什么时候洗衣服？', '我洗衣服要一个小时。').answered).toBe(false);
    expect(check('你一般什么时候洗衣服？', '两个小时以后。').answered).toBe(true);
    expect(check('你坐火车的时候会看书吗？', '在火车上不会，我常常睡觉。').answered).toBe(true);
    expect(check('你坐火车的时候会看书吗？', '很少，火车上太吵了。').answered).toBe(true);
    expect(check('你坐火车的时候会看书吗？', '我常常坐火车去上海，很方便。').answered).toBe(false);
    expect(check('你家谁最喜欢看电视？', '我不太喜欢看电视。').answered).toBe(false);
    expect(check('我周末一般穿运动服，你呢？', '我喜欢穿裙子。').answered).toBe(true);
  });
});

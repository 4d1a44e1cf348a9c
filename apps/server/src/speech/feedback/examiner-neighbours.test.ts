import { describe, expect, it } from 'vitest';
import { ExaminerEngine } from './examiner.js';
import { basicAnswer } from './test-answers.js';

// Replies to a neighbouring question that share the question's words (how often for when, how often
// for how long, a weekday for how many times, someone else, a side named beside another action) are in
// the low band; the question's form answered in other words stays out of it.
const examiner = new ExaminerEngine();
const score = async (question: string, answer: string): Promise<number> =>
  (await examiner.examine(basicAnswer(question, answer), 'en')).result.score;
const scoresAtLeast70 = (rows: [string, string][]): void =>
  it.each(rows)('%s answered by %s scores at least 70', async (q, a) => {
    expect(await score(q, a)).toBeGreaterThanOrEqual(70);
  });
const inLowBand = (rows: [string, string][]): void =>
  it.each(rows)('%s answered by %s is in the low band', async (q, a) => {
    expect(await score(q, a)).toBeLessThan(50);
  });

describe('examiner: a count or a length is no point in time', () => {
  inLowBand([
    ['你一般什么时候去超市？', '我一个月去三次超市。'],
    ['你们什么时候放寒假？', '我们放一个月的假。'],
    ['你每次做饭要多长时间？', '我一个星期做三次饭。'],
    ['你一个星期游几次泳？', '星期三去游。'],
  ]);

  scoresAtLeast70([
    ['你一般什么时候去超市？', '下班以后去。'],
    ['你们什么时候放寒假？', '一月中旬。'],
    ['你每次做饭要多长时间？', '一个小时左右。'],
    ['你一般什么时候扔垃圾？', '晚上出去散步的时候，我顺便把垃圾带下去。'],
  ]);
});

describe('examiner: 你呢 after a plan, a thing once done or a habit', () => {
  scoresAtLeast70([
    ['我每天都看新闻，你呢？', '我也每天都看新闻。'],
    ['我周末打算去爬山，你呢？', '我要在家复习，下个星期有考试。'],
    ['我周末打算去爬山，你呢？', '我也是。'],
    ['我上大学的时候当过家教，你呢？', '我在一家饭馆工作过半年。'],
    ['我这个星期天要去朋友家吃饭，你呢？', '我在家休息。'],
  ]);

  inLowBand([
    ['我每天都看新闻，你呢？', '我每天都看新闻。'],
    ['我上大学的时候当过家教，你呢？', '我很喜欢上大学。'],
    ['我这个星期天要去朋友家吃饭，你呢？', '我每天晚上十二点睡觉。'],
    ['我周末打算去爬山，你呢？', '我妈妈周末打算去看我外婆。'],
  ]);
});

describe('examiner: who does it, for 跟谁', () => {
  it('hears someone else doing it with someone as about someone else, and 我爸爸 alone as the answer', async () => {
    const q = '你上次去博物馆是跟谁一起去的？';
    expect(await score(q, '我妹妹常常跟她的同学去博物馆。')).toBeLessThan(50);
    expect(await score(q, '我爸爸。')).toBeGreaterThanOrEqual(70);
    expect(await score(q, '我爸爸和我一起去的。')).toBeGreaterThanOrEqual(70);
  });

  it('knows kin the HSK 2.0 glosses lack (父母, 外婆) as someone else', async () => {
    expect(await score('你在现在的城市住了多长时间了？', '我父母在这个城市住了三十年了。')).toBeLessThan(50);
  });
});

describe('examiner: the side of A还是B, said in other words or beside another action', () => {
  scoresAtLeast70([
    ['你喜欢早上洗澡还是晚上洗澡？', '我一般睡觉以前洗个澡。'],
    ['你喜欢在电影院看电影还是在家看电影？', '在家，家里比较舒服。'],
    ['你喜欢在电影院看电影还是在家看电影？', '我比较喜欢去电影院。'],
    ['你家的衣服是用洗衣机洗还是用手洗？', '洗衣机。'],
  ]);

  inLowBand([
    ['你喜欢早上洗澡还是晚上洗澡？', '我每天早上六点起床，晚上十点睡觉。'],
    ['你喜欢在电影院看电影还是在家看电影？', '我喜欢看中国电影。'],
    ['你家的衣服是用洗衣机洗还是用手洗？', '我家的洗衣机是去年买的，很贵。'],
  ]);
});

describe('examiner: the way, the holiday, the time before now and the thing one has', () => {
  scoresAtLeast70([
    ['你奶奶平时怎么去买菜？', '走着去。'],
    ['你一般怎么买火车票？', '在网上买。'],
    ['你们什么时候放暑假？', '七月初。'],
    ['你上次去博物馆是跟谁一起去的？', '上个月我跟两个朋友一起去的。'],
    ['你们城市有没有动物园？', '我们城市有一个很大的动物园。'],
  ]);

  inLowBand([
    ['你一般怎么买火车票？', '火车票不太贵，一百多块钱。'],
    ['你们什么时候放暑假？', '我们的寒假是一月底放。'],
    ['你在现在的城市住了多长时间了？', '我以前在上海住了四年。'],
    ['你们城市有没有动物园？', '我们城市有很多公园和博物馆。'],
  ]);
});

describe('examiner: a year said digit by digit, a span told by its start, company for a side', () => {
  scoresAtLeast70([
    ['你在现在的城市住了多长时间了？', '我是二零一九年搬过来的，到现在已经住了五年多了。'],
    ['你们什么时候放暑假？', '我们的暑假是从七月十号开始的。'],
    ['你喜欢一个人看电影还是跟朋友一起看电影？', '我常常跟我的室友一起看，她很喜欢电影。'],
    ['你喜欢一个人看电影还是跟朋友一起看电影？', '我喜欢自己看。'],
  ]);

  inLowBand([
    ['周末你一般几点起床？', '我周末一般晚上十一点睡觉。'],
    ['你喜欢一个人看电影还是跟朋友一起看电影？', '我每个月看两次电影。'],
  ]);
});

describe('examiner: 你呢 after a thing once done', () => {
  scoresAtLeast70([
    ['我上大学的时候在咖啡馆打过工，你呢？', '我高中的时候在一家书店工作过两个月。'],
    ['我上大学的时候在咖啡馆打过工，你呢？', '我给小学生当过家教。'],
    ['我去过上海，你呢？', '我没去过。'],
  ]);

  it('hears a liking of the statement’s thing as no answer', async () => {
    expect(await score('我上大学的时候在咖啡馆打过工，你呢？', '我很喜欢喝咖啡。')).toBeLessThan(50);
  });
});

describe('examiner: who asks, who gives, and a place while in pain', () => {
  scoresAtLeast70([
    ['你头疼的时候，一般去哪儿买药？', '楼下的药店。'],
    ['你找不到路的时候，一般问谁？', '问警察。'],
    ['你多长时间给你的小狗洗一次澡？', '两个星期一次。'],
    ['你家有没有洗碗机？', '我们家没装这种机器，都是手洗。'],
    ['你今天为什么没交作业？', '我以为作业是下个星期交。'],
    ['今年春节的时候，谁给你发红包了？', '我爷爷给我发了一个大红包。'],
  ]);

  inLowBand([
    ['你喜欢喝茶还是喝咖啡？', '我家旁边有一家咖啡馆。'],
    ['你找不到路的时候，一般问谁？', '我妈妈找不到路的时候常常给我打电话。'],
    ['你多长时间给你的小狗洗一次澡？', '给小狗洗一次澡要半个小时。'],
    ['今年春节的时候，谁给你发红包了？', '今年春节我给我妹妹发红包了。'],
  ]);
});

describe('examiner: a tagger’s odd cuts, and “I don’t know” beside the question said back', () => {
  scoresAtLeast70([
    ['你周末在哪儿打工？', '在一家中国饭馆当服务员。'],
    ['你今天早上为什么迟到了？', '路上车太多了 走不动'],
  ]);

  it('hears the question said back with 我不知道 as no answer', async () => {
    const q = '请说说你收到过的最喜欢的一件礼物。';
    expect(await score(q, '我收到过的最喜欢的礼物……我不知道，我想不起来。')).toBeLessThan(40);
  });
});

describe('examiner: why something happened', () => {
  it('hears what one likes to do when tired as no reason for being tired, and a cause as one', async () => {
    const q = '你今天为什么这么累？';
    expect(await score(q, '我累的时候喜欢睡觉，或者听听音乐。')).toBeLessThan(50);
    expect(await score(q, '昨天晚上没睡好。')).toBeGreaterThanOrEqual(70);
    expect(await score('你今天早上为什么迟到了？', '因为我每天都起得很晚。')).toBeGreaterThanOrEqual(70);
  });
});

describe('examiner: who did it for 是谁…的, the sides of 去A还是去B, a case for each side', () => {
  scoresAtLeast70([
    ['你的这件外套是谁送给你的？', '我太太给我买的。'],
    ['你喜欢去爬山还是去游泳？', '游泳吧，我游得比较好。'],
    ['旅游的时候，你喜欢住酒店还是住朋友家？', '如果那儿有朋友，我就住朋友家；没有的话就住酒店。'],
    ['你昨天晚上为什么没在家吃饭？', '跟朋友出去吃了。'],
    ['你吃饭的时候看手机吗？', '我吃饭时一般不玩手机，我妈妈不让。'],
    ['你最近有没有在网上退过货？', '退过一次，一条裤子。'],
  ]);

  inLowBand([
    ['你的这件外套是谁送给你的？', '我送给我妈妈一件外套。'],
    ['你昨天看的那场篮球比赛怎么样？', '我喜欢打篮球，我每个星期打两次。'],
    ['你在家上网一般用手机还是用电脑？', '我在家每天上网两个小时。'],
  ]);
});

describe('examiner: a side inside the other, a length in its unit, a fear as a reason', () => {
  scoresAtLeast70([
    ['你和朋友一般在家里玩还是出去玩？', '出去玩。'],
    ['你查生词的时候用什么词典？', '手机上的词典。'],
    ['你考试以前为什么会紧张？', '怕考不好。'],
    ['你每天练习写汉字要多长时间？', '半个小时。'],
    ['你家谁的年纪最大？', '我爷爷，他八十岁了。'],
  ]);

  inLowBand([
    ['你喜欢住在市中心还是住在郊区？', '我现在住在市中心，已经住了三年了。'],
    ['你考试以前为什么会紧张？', '我考试以前一般和同学一起去图书馆复习。'],
    ['你每天练习写汉字要多长时间？', '我每天练习写二十个汉字。'],
    ['你家谁的年纪最大？', '我家有五口人，爸爸、妈妈、哥哥、妹妹和我。'],
  ]);
});

import { describe, expect, it } from 'vitest';
import { ExaminerEngine } from './examiner.js';
import { basicAnswer } from './test-answers.js';
import type { AnswerInput } from './types.js';

// What the examiner must never do, whatever the set: score a correct short answer to a basic question
// below 70 or a question said back above 40, praise or advise what the learner already did, or give
// an answer that is not Chinese anything on any dimension.
const examiner = new ExaminerEngine();
const basic = basicAnswer;
// An intermediate picture task: its instruction and the picture's lines, answered by `answer`.
const pictureOf =
  (instruction: string, lines: string[]) =>
  (answer: string): AnswerInput => ({
    ...basic(instruction, answer),
    question_type: 'picture',
    level: 'intermediate',
    time_limit_s: 120,
    image_texts: lines,
  });
const score = async (input: AnswerInput): Promise<number> =>
  (await examiner.examine(input, 'en')).result.score;

describe('examiner: meaning, not overlap', () => {
  it.each([
    ['你妈妈喜欢做什么？', '我妈妈喜欢做饭。'],
    ['你妈妈喜欢做什么？', '她喜欢看书。'],
    ['你常常和谁一起运动？', '我常常和我妹妹一起跑步，她跑得比我快。'],
    ['这家饭店的菜怎么样？', '这家饭店的菜很好吃，我最喜欢他们做的鱼。'],
    ['天气不好的时候，你还去跑步吗？', '去，我每天都跑步，下雨的时候我也去，我觉得很舒服。'],
    ['你家有几个人？', '我家有四个人：爸爸、妈妈、哥哥和我。'],
    ['你最喜欢什么运动？', '我最喜欢游泳。'],
    ['你早上喝茶还是喝咖啡？', '我喝牛奶。'],
  ])('a correct answer to %s (%s) scores at least 70', async (q, a) => {
    expect(await score(basic(q, a))).toBeGreaterThanOrEqual(70);
  });

  it.each([
    ['你妈妈喜欢做什么？', '我喜欢吃苹果。'],
    ['你常常和谁一起运动？', '我一个星期运动三次。'],
    ['下雨的时候，你喜欢做什么？', '明天会下雨。'],
    ['这家饭店的菜怎么样？', '我们去饭店吃饭吧。'],
    ['你最喜欢什么运动？', '我最喜欢吃面条。'],
  ])('an answer to another question than %s (%s) is in the low band', async (q, a) => {
    expect(await score(basic(q, a))).toBeLessThan(50);
  });

  it('ranks the full family answer with the bare one, not below it', async () => {
    const full = await score(basic('你家有几个人？', '我家有四个人：爸爸、妈妈、哥哥和我。'));
    const bare = await score(basic('你家有几个人？', '我家有四个人。'));
    expect(full).toBeGreaterThanOrEqual(bare);
  });
});

// The fourth pass (decision 034): what a question asks for, read more closely.
describe('examiner: the form, the person and the occasion asked', () => {
  it.each([
    ['你为什么去上海？', '我姐姐在那儿工作，我去看她。'],
    ['你为什么学习汉语？', '我想去中国找工作。'],
    ['你有几个好朋友？', '不少，有十几个吧。'],
    ['你的同屋是哪国人？', '她是新加坡人。'],
    ['你最好的朋友在哪儿上班？', '他在一家银行上班。'],
    ['你累的时候用什么办法休息？', '我去公园走走，或者听听音乐。'],
    ['这个星期天你去商店吗？', '不去，我要在家复习。'],
    // the question's premise denied
    ['你爸爸每天几点上班？', '我爸爸已经退休了，他不用上班。'],
    ['你哥哥在哪儿工作？', '他现在不工作，他还在上大学。'],
    // the sixth pass: the sides of 还是, a title, a book not read
    ['你喜欢坐船还是坐火车？', '火车，坐船我会不舒服。'],
    ['你最近在看什么电影？', '我最近在看《霸王别姬》，很感人。'],
    ['你最近在看什么书？', '我最近太忙了，没有看书。'],
  ])('a correct answer to %s (%s) scores at least 70', async (q, a) => {
    expect(await score(basic(q, a))).toBeGreaterThanOrEqual(70);
  });

  it.each([
    // another occasion than asked
    ['你明天中午想吃什么？', '我昨天中午吃了面条。'],
    ['这个星期天你去商店吗？', '我上个星期天去商店了。'],
    // another form than asked: a frequency for 谁, a vehicle for 哪儿, a clock time for 几次, a count of things for 什么时候
    ['你家谁洗碗？', '我们家一天洗三次碗。'],
    ['你弟弟在哪儿学游泳？', '我弟弟每个星期坐地铁去学游泳。'],
    ['你一个月去几次超市？', '我一般晚上七点去超市。'],
    ['你上次去银行是什么时候？', '我家旁边有一个银行。'],
    // someone else than asked
    ['你最好的朋友在哪儿上班？', '我在一家银行上班。'],
    ['你的同屋是哪国人？', '我是英国人。'],
    // a unit of time for 什么, one past trip for a liking
    ['你最近在看什么书？', '我每天晚上看两个小时书。'],
    ['你喜欢坐船还是坐火车？', '我去年坐船去了大连。'],
  ])('an answer to another question than %s (%s) is in the low band', async (q, a) => {
    expect(await score(basic(q, a))).toBeLessThan(50);
  });

  it('hears a pastime for 爱好, and the learner’s own, not a friend’s', async () => {
    const q = '请说说你的一个爱好。';
    const open = (a: string): AnswerInput => ({ ...basic(q, a), question_type: 'open', time_limit_s: 90 });
    const mine = await score(
      open('我很喜欢游泳。每个星期我都去游两次，游完以后觉得很舒服，晚上也睡得很好。'),
    );
    const friend = await score(open('我的朋友很喜欢游泳，他每个星期都去游两次，他游得很好。'));
    expect(mine).toBeGreaterThanOrEqual(60);
    expect(friend).toBeLessThan(mine - 15);
  });

  it('hears the question’s own words and nothing else as no answer', async () => {
    const q = '如果你有一个星期的假期，你打算做什么？';
    expect(await score({ ...basic(q, '嗯 假期 嗯 一个星期'), question_type: 'open' })).toBeLessThanOrEqual(
      40,
    );
  });

  it('reads a question shown with its pinyin as its characters: said back, it is an echo', async () => {
    const q = '你喜欢你的房间吗？为什么？（Nǐ xǐhuan nǐ de fángjiān ma? Wèi shénme?）';
    expect(await score({ ...basic(q, '我喜欢我的房间吗为什么'), question_type: 'open' })).toBeLessThanOrEqual(
      40,
    );
  });
});

describe('examiner: other words for the asked form', () => {
  it.each([
    ['你家离公司远吗？', '很近，走路十分钟就到。'],
    ['这杯咖啡贵吗？', '不太贵，才二十块。'],
    ['汉语语法难吗？', '还可以，我觉得不太难。'],
    ['你每天怎么去公司？', '骑自行车去，公司离我家不远。'],
    ['你每天怎么去公司？', '坐地铁，很方便。'],
    ['你最好的朋友是谁？', '我姐姐，她什么都跟我说。'],
    ['你的书包里有几本书？', '三本，都是汉语书。'],
    ['你为什么学习汉语？', '我想去中国工作，所以学汉语。'],
    ['你每天几点吃早饭？', '七点半，因为八点要上课。'],
    ['你一个星期工作几天？', '星期一到星期五都工作，周末休息。'],
    ['你一般什么时候去图书馆？', '下课以后，大概四点。'],
    ['你今天怎么这么累？', '我昨天晚上没睡好。'],
    ['你昨天晚饭吃了什么？', '太忙了，什么都没吃。'],
    ['你每天怎么去学校？', '公交，二十分钟就到。'],
  ])('a fully correct answer to %s (%s) scores at least 70', async (q, a) => {
    expect(await score(basic(q, a))).toBeGreaterThanOrEqual(70);
  });

  it.each([
    ['你每天几点吃早饭？', '我每天晚上十点睡觉。'],
    ['你周末一般做什么？', '上个周末天气很好。'],
    ['你常常和谁一起跑步？', '我每个星期见他两次。'],
    ['你爸爸喜欢喝咖啡吗？', '我爸爸是老师。'],
    ['你会做饭吗？', '我爸爸做饭很好吃。'],
    ['你家有几个房间？', '我家住在五楼。'],
    ['你家有几个房间？', '我住在四零一。'],
    ['明天晚上你和谁去吃饭？', '我一个星期去两次饭店。'],
    ['你早上喜欢喝什么？', '我喜欢吃面包。'],
    ['你每天怎么去学校？', '我每天七点去学校。'],
  ])('an answer to a neighbouring question than %s (%s) stays in the low band', async (q, a) => {
    expect(await score(basic(q, a))).toBeLessThan(50);
  });

  it('never zeroes a fluent answer on the topic for a form it does not hear', async () => {
    // 挺方便的 answers 远吗 in other words (a verdict, not a distance): graded, never wiped out.
    const { result } = await examiner.examine(
      basic('你家离地铁站远吗？', '地铁站在我家旁边，挺方便的。'),
      'en',
    );
    expect(result.score).toBeGreaterThan(20);
  });

  it('takes a thing of the kind an open question asks for as its topic (元宵节 for 什么节日)', async () => {
    const { result } = await examiner.examine(
      {
        ...basic('你最喜欢的节日是什么？', '元宵节。这天晚上我们一家人一起吃汤圆，看花灯，街上非常热闹。'),
        question_type: 'open',
        time_limit_s: 60,
      },
      'en',
    );
    expect(result.measures.relevance?.score).toBeGreaterThanOrEqual(0.9);
  });

  it('ranks a few facts about oneself under a view, and a picture answer about oneself under a description', async () => {
    const open = (q: string, a: string): AnswerInput => ({
      ...basic(q, a),
      question_type: 'open',
      time_limit_s: 120,
    });
    const question = '你觉得住在城市好还是住在农村好？';
    const facts = await score(open(question, '我住在上海，我家在五楼。'));
    const view = await score(open(question, '我觉得城市好，因为工作机会多，买东西也方便。'));
    expect(facts).toBeLessThan(40);
    expect(view).toBeGreaterThan(facts + 15);
    const picture = pictureOf('请描述这张图片。', ['公园里，一家人在草地上吃东西，孩子在放风筝。']);
    const self = await score(picture('我周末喜欢去公园放风筝。'));
    const scene = await score(picture('公园里有一家人，孩子在放风筝，爸爸妈妈在吃东西。'));
    expect(scene).toBeGreaterThan(self + 5);
  });

  it('ranks the time of another extreme (一月最冷 for 几月最热) in the low band', async () => {
    expect(await score(basic('你们那儿几月最热？', '我们那儿一月最冷。'))).toBeLessThan(50);
    expect(await score(basic('你们那儿几月最热？', '我们那儿七月最热。'))).toBeGreaterThanOrEqual(70);
  });

  it('ranks another scene under the picture, whatever the instruction asks (做什么) and it answers', async () => {
    const picture = pictureOf('请看图，说一说这一家人在周末的下午做什么。', [
      '周末的下午，一家人在海边',
      '爸爸在钓鱼，妈妈和女儿在沙滩上堆沙子',
    ]);
    const other = await score(picture('图片上有几个学生在图书馆里看书，他们都很认真。'));
    const scene = await score(picture('周末下午，一家人去海边玩。爸爸在钓鱼，妈妈和女儿在沙滩上玩沙子。'));
    expect(scene).toBeGreaterThan(other + 20);
  });

  it('never tells an off-topic learner to echo the question', async () => {
    for (const type of ['answer', 'open'] as const) {
      const { result } = await examiner.examine(
        {
          ...basic('你周末喜欢做什么？', '今天我很累。'),
          question_type: type,
          model_answers: ['周末我喜欢去公园跑步。'],
          time_limit_s: type === 'open' ? 120 : 10,
        },
        'en',
      );
      expect(result.feedback_text).not.toMatch(
        /echoing the question|Start from its own words|你周末喜欢做什么……/,
      );
    }
  });
});

describe('examiner: the question said back', () => {
  const question = '你的生日是几月几号？';
  it.each([
    '你的生日是几月几号',
    '你的生日是几月几号？',
    '我你的生日是几月几号',
    '我的生日是几月几号。',
    '嗯，你的生日是几月几号',
    '你的生日是几月几号 我的生日是几月几号',
  ])('scores %s at most 40 and tells the learner to answer, not to start from the question', async (said) => {
    const { result } = await examiner.examine(
      { ...basic(question, said), model_answers: ['我的生日是三月八号。'] },
      'en',
    );
    expect(result.score).toBeLessThanOrEqual(40);
    expect(result.measures.relevance?.echo).toBe(true);
    expect(result.feedback_text).toContain('you said the question back');
    expect(result.feedback_text).not.toContain('Start from its own words');
    expect(result.feedback_text).not.toContain('echoing the question');
    expect(result.feedback_text).not.toContain('You spoke in complete sentences');
  });

  it.each(['open', 'picture'] as const)('scores an echo low on a %s task too', async (type) => {
    const q = type === 'picture' ? '请说一说图片里的人在做什么。' : '请介绍一下你最喜欢的季节。';
    const input: AnswerInput = {
      ...basic(q, q),
      question_type: type,
      level: 'intermediate',
      time_limit_s: 120,
      image_texts: type === 'picture' ? ['公园里，一个人在跑步。'] : [],
    };
    expect(await score(input)).toBeLessThanOrEqual(40);
    expect(await score({ ...input, answer_text: `我${q}` })).toBeLessThanOrEqual(40);
  });

  it('scores a retelling that says the instruction back low', async () => {
    const passage = '小王每天早上六点起床，然后去公园跑步。跑完步以后，他回家吃早饭，再去上班。';
    const input: AnswerInput = {
      question_type: 'retell',
      level: 'advanced',
      question_text: '请听一段话，然后复述这段话的内容。',
      reference_text: passage,
      answer_text: '请听一段话然后复述这段话的内容',
      time_limit_s: 120,
    };
    const { result } = await examiner.examine(input, 'en');
    expect(result.score).toBeLessThanOrEqual(40);
    expect(result.measures.relevance?.echo).toBe(true);
  });

  it('keeps a repeated sentence what it is: the task itself', async () => {
    const input: AnswerInput = {
      question_type: 'repeat',
      level: 'basic',
      reference_text: '我家有四个人。',
      answer_text: '我家有四个人。',
      time_limit_s: 10,
    };
    expect(await score(input)).toBeGreaterThanOrEqual(90);
  });
});

describe('examiner: dimensions that fit the task', () => {
  it('gives an answer not in Chinese 0 on every dimension', async () => {
    const { result } = await examiner.examine(
      { ...basic('你早上喝茶还是喝咖啡？', 'I drink coffee every morning, it helps me wake up.') },
      'en',
    );
    expect(result.score).toBeLessThanOrEqual(5);
    const values = Object.values(result.measures.components);
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => v === 0)).toBe(true);
    expect(result.feedback_text).not.toMatch(/Length: [1-9]\d*\/100|Fluency: [1-9]\d*\/100/);
  });

  it.each(['repeat', 'read_aloud'] as const)(
    'speaks of accuracy, never of reasons, on a %s task',
    async (type) => {
      for (const answer of ['I have four people in my family', '我家有人', 'wo jia you si ge ren']) {
        const { result } = await examiner.examine(
          {
            question_type: type,
            level: 'basic',
            reference_text: '我家有四个人。',
            ...(type === 'read_aloud' ? { question_text: '我家有四个人。' } : {}),
            answer_text: answer,
            time_limit_s: 10,
          },
          'en',
        );
        expect(result.feedback_text, answer).not.toMatch(/因为|我觉得|reason/);
      }
    },
  );
  it('hears on-topic pieces said between hesitations above fluent talk about something else', async () => {
    const open = (answer: string): AnswerInput => ({
      ...basic('你周末常常做什么？请说一说。', answer),
      question_type: 'open',
      time_limit_s: 90,
    });
    const searching = await score(open('嗯……周末……那个……打扫房间……嗯……还有……买菜……做饭……'));
    const elsewhere = await score(open('我是美国人，我在北京学习汉语，我的老师很好，同学们也很好。'));
    expect(searching).toBeGreaterThan(elsewhere);
  });

  it('hears a kind of the thing to talk about by its head (书店 for 商店)', async () => {
    const open = (answer: string): AnswerInput => ({
      ...basic('请介绍一下你学校旁边的一个商店。', answer),
      question_type: 'open',
      time_limit_s: 90,
    });
    const shop = await score(open('我们学校旁边有一个书店，书很多，也不贵，我常常在那儿买书，老板很热情。'));
    const park = await score(open('我们学校旁边有一个公园，很大，很多人在那儿散步，我常常去那儿跑步。'));
    expect(shop).toBeGreaterThan(park + 10);
  });

  it('takes a picture answer that opens on the learner’s own life as off the picture', async () => {
    const picture = pictureOf('请看图片，说一说图片上的人在做什么。', ['饭馆', '一家人在吃饭', '服务员']);
    const scene = await score(picture('这是一家饭馆，一家人在吃饭，桌子上有很多菜，服务员在旁边。'));
    const self = await score(picture('我上个星期和朋友去饭馆吃饭了，菜很好吃，服务员也很好。'));
    expect(scene).toBeGreaterThan(self + 5);
  });
  it('hears the picture’s lines read back as a list as no description, and says so', async () => {
    const picture = pictureOf('请看图，说一说这家人在做什么。', [
      '星期天早上，一家人在厨房里',
      '妈妈在做包子',
      '爸爸在洗水果',
      '女儿在桌子旁边画画儿',
    ]);
    const read = await examiner.examine(
      picture('星期天早上，一家人在厨房里，妈妈在做包子，爸爸在洗水果，女儿在桌子旁边画画儿。'),
      'en',
    );
    const told = await score(
      picture(
        '今天是星期天，他们一家人都在厨房。妈妈做包子做得很认真，爸爸在洗苹果，女儿在旁边画画儿，我觉得他们很快乐。',
      ),
    );
    expect(read.result.measures.relevance?.lines_read).toBe(true);
    expect(told).toBeGreaterThan(read.result.score + 15);
    expect(read.result.feedback_text).toContain('read out the list');
  });
  it('hears both sides of 还是 said back with nothing picked as an echo', async () => {
    expect(await score(basic('你喜欢喝茶还是喝咖啡？', '茶，咖啡，喝。'))).toBeLessThanOrEqual(40);
    expect(await score(basic('你喜欢喝茶还是喝咖啡？', '我更喜欢喝茶。'))).toBeGreaterThanOrEqual(70);
  });
});

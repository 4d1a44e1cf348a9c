import { describe, expect, it } from 'vitest';
import { LANGUAGES, NO_ANSWER_PLACEHOLDER, SCORE_BAND_HIGH_MIN } from '@kouyu/core';
import { ExaminerEngine } from './examiner.js';
import { FEEDBACK_HTML_TAGS } from './html.js';
import type { AnswerInput, FeedbackEvent, FeedbackResult } from './types.js';
import { WORDING } from './wording.js';

const examiner = new ExaminerEngine();

async function collect(
  events: AsyncIterable<FeedbackEvent>,
): Promise<{ chunks: string[]; result: FeedbackResult }> {
  const chunks: string[] = [];
  let result: FeedbackResult | null = null;
  for await (const e of events) {
    if (e.type === 'chunk') chunks.push(e.text);
    else if (e.type === 'result') result = e;
  }
  if (!result) throw new Error('no result event');
  return { chunks, result };
}

const repeat: AnswerInput = {
  question_type: 'repeat',
  level: 'basic',
  reference_text: '我明天要去北京看朋友。',
  answer_text: '',
};
const passage =
  '随着科技的发展，越来越多的人选择在网上购物。网上购物不仅方便，而且价格往往比商店便宜。但是，我们也应该注意保护自己的个人信息。';
const readAloud: AnswerInput = {
  question_type: 'read_aloud',
  level: 'advanced',
  reference_text: passage,
  answer_text: '',
};
const retell: AnswerInput = {
  question_type: 'retell',
  level: 'advanced',
  reference_text:
    '小王大学毕业以后，在一家公司工作了三年。他觉得工作太忙，没有时间陪家人，所以决定辞职，回到老家开了一家小饭馆。虽然收入没有以前高，但是他每天都很开心。',
  key_points: ['毕业', '公司', '辞职', '老家', '饭馆', '开心/高兴'],
  answer_text: '',
};
const answer: AnswerInput = {
  question_type: 'answer',
  level: 'basic',
  question_text: '你喜欢什么颜色？',
  key_points: ['红色/蓝色/绿色/白色/黑色/黄色'],
  model_answers: ['我喜欢红色。'],
  answer_text: '',
};
const open: AnswerInput = {
  question_type: 'open',
  level: 'basic',
  question_text: '你周末常常做什么？',
  key_points: ['周末', '运动/打球/跑步', '朋友', '因为'],
  model_answers: [
    '我周末常常和朋友一起去公园跑步。因为跑步对身体很好，而且我很喜欢运动。有时候我们也去打篮球，打完球以后一起吃饭。',
  ],
  answer_text: '',
};
const picture: AnswerInput = {
  question_type: 'picture',
  level: 'intermediate',
  question_text: '请描述这张图片。',
  image_texts: ['公园', '老人', '孩子', '放风筝'],
  model_answers: ['图片上是一个公园，天气很好。一位老人正在和孩子一起放风筝，他们看起来非常开心。'],
  answer_text: '',
};
const freeText: AnswerInput = {
  question_type: 'free_text',
  level: 3,
  question_text: '用"虽然……但是……"造句。',
  key_points: ['虽然', '但是'],
  model_answers: ['虽然今天下雨，但是我们还是去公园了。'],
  answer_text: '',
};

type Case = [name: string, input: AnswerInput, min: number, max: number];
const cases: Case[] = [
  ['repeat perfect', { ...repeat, answer_text: '我明天要去北京看朋友' }, 85, 100],
  ['repeat partial', { ...repeat, answer_text: '我明天去北京' }, 40, 80],
  ['repeat off-topic', { ...repeat, answer_text: '今天天气很好，我很高兴' }, 0, 35],
  ['read aloud perfect', { ...readAloud, answer_text: passage, duration_ms: 25_000 }, 85, 100],
  ['read aloud partial', { ...readAloud, answer_text: passage.slice(0, 34), duration_ms: 14_000 }, 40, 80],
  [
    'read aloud off-topic',
    { ...readAloud, answer_text: '我喜欢吃饺子，也喜欢喝茶。', duration_ms: 6_000 },
    0,
    35,
  ],
  [
    'retell perfect',
    {
      ...retell,
      answer_text:
        '小王大学毕业后在公司工作了三年，因为工作太忙，没时间陪家人，就辞职回老家开了一个小饭馆。他的收入没有以前高，可是每天都很开心。',
      duration_ms: 40_000,
    },
    85,
    100,
  ],
  [
    'retell partial',
    { ...retell, answer_text: '小王大学毕业以后在一家公司工作，工作很忙。', duration_ms: 15_000 },
    40,
    80,
  ],
  [
    'retell off-topic',
    { ...retell, answer_text: '我觉得学习汉语很有意思，我每天都听音乐。', duration_ms: 12_000 },
    0,
    35,
  ],
  [
    'answer perfect',
    { ...answer, answer_text: '我最喜欢红色，因为红色很漂亮。', duration_ms: 6_000 },
    85,
    100,
  ],
  ['answer partial', { ...answer, answer_text: '嗯……红色。', duration_ms: 5_000 }, 40, 80],
  ['answer off-topic', { ...answer, answer_text: '我今天去学校了。', duration_ms: 4_000 }, 0, 35],
  [
    'open perfect',
    {
      ...open,
      answer_text:
        '我周末常常和朋友去公园跑步，因为跑步对身体很好。我也很喜欢打篮球，每个星期六下午我们都去学校打球。打完球以后，我们一起去饭馆吃饭，有时候还去看电影。我觉得周末做运动很快乐，所以我每个周末都很忙，但是很高兴。',
      duration_ms: 80_000,
    },
    85,
    100,
  ],
  [
    'open partial',
    { ...open, answer_text: '我周末常常在家看书，有时候和朋友去跑步。', duration_ms: 20_000 },
    40,
    80,
  ],
  [
    'open off-topic',
    { ...open, answer_text: '我喜欢吃中国菜，饺子很好吃，我妈妈做的菜也很好吃，北京烤鸭也非常好吃。' },
    0,
    35,
  ],
  [
    'picture perfect',
    {
      ...picture,
      answer_text:
        '这张图片上是一个很大的公园，天气非常好，阳光很温暖。公园里有一位老人和一个孩子，他们正在一起放风筝。风筝飞得很高，孩子一边跑一边笑，老人在后面看着他，看起来非常开心。我觉得这是一个很幸福的家庭，他们周末经常一起来公园锻炼身体。旁边还有很多人在散步、聊天，大家都很放松。我小时候也常常跟爷爷去公园放风筝，所以看到这张图片，我想起了很多美好的回忆。',
      duration_ms: 110_000,
    },
    85,
    100,
  ],
  [
    'picture partial',
    { ...picture, answer_text: '图片上有一个公园，有一个孩子在玩。天气很好。', duration_ms: 20_000 },
    40,
    80,
  ],
  ['free text perfect', { ...freeText, answer_text: '虽然今天下雨，但是我们还是去公园玩了。' }, 85, 100],
  ['free text partial', { ...freeText, answer_text: '虽然下雨，我们去公园。' }, 40, 80],
  ['free text off-topic', { ...freeText, answer_text: '我喜欢吃苹果。' }, 0, 35],
  [
    'picture off-topic',
    { ...picture, answer_text: '我明天要坐飞机去上海出差，我要准备很多东西。', duration_ms: 12_000 },
    0,
    35,
  ],
];

describe('examiner scores each question type against the HSKK bands', () => {
  it.each(cases)('%s', async (_name, input, min, max) => {
    const { result } = await examiner.examine(input, 'en');
    expect(result.score, result.feedback_text).toBeGreaterThanOrEqual(min);
    expect(result.score, result.feedback_text).toBeLessThanOrEqual(max);
    if (min >= 85) expect(result.band).toBe('high');
    if (max <= 35) expect(result.band).toBe('low');
  });

  it.each([
    ['repeat', repeat],
    ['open', open],
    ['picture', picture],
  ] satisfies [string, AnswerInput][])('gives 0 and says so for an empty %s answer', async (_name, input) => {
    for (const text of ['', '   ', NO_ANSWER_PLACEHOLDER, '。，？']) {
      const { result } = await examiner.examine({ ...input, answer_text: text }, 'en');
      expect(result.score).toBe(0);
      expect(result.band).toBe('low');
      expect(result.measures.empty).toBe(true);
      expect(result.feedback_text.startsWith(WORDING.en.empty)).toBe(true);
    }
  });

  it('speaks of writing, not of speaking, for a written answer', async () => {
    const done = await examiner.examine(
      { ...freeText, answer_text: '虽然今天下雨，但是我们还是去公园玩了。' },
      'en',
    );
    expect(done.result.feedback_text).toContain('well written');
    expect(done.result.feedback_text).not.toMatch(/fluent|pauses|pace/);
    const blank = await examiner.examine({ ...freeText, answer_text: '' }, 'ru');
    expect(blank.result.feedback_text).toContain('Ответ не написан');
    expect(blank.result.feedback_text).not.toContain('говорить');
    const spoken = await examiner.examine({ ...open, answer_text: '' }, 'en');
    expect(spoken.result.feedback_text).toContain('No answer was recorded');
  });

  it('counts numerals the recogniser wrote in digits as the characters the learner said', async () => {
    const reference = '我下午两点去书店，买了3本书。';
    const digits = await examiner.examine(
      { ...repeat, reference_text: reference, answer_text: '我下午2点去书店买了三本书' },
      'en',
    );
    expect(digits.result.measures.reference).toMatchObject({ missing: 0, wrong: 0, extra: 0 });
    expect(digits.result.score).toBeGreaterThanOrEqual(SCORE_BAND_HIGH_MIN);
  });

  it('penalises homophone errors far less than the same number of missing characters', async () => {
    const homophones = await examiner.examine({ ...repeat, answer_text: '我明天要去北经砍朋有' }, 'en');
    const missing = await examiner.examine({ ...repeat, answer_text: '我明天要去看朋' }, 'en');
    expect(homophones.result.measures.reference).toMatchObject({ homophones: 3, missing: 0, wrong: 0 });
    expect(missing.result.measures.reference).toMatchObject({ homophones: 0, missing: 3 });
    expect(homophones.result.score - missing.result.score).toBeGreaterThanOrEqual(15);
    expect(homophones.result.score).toBeGreaterThanOrEqual(SCORE_BAND_HIGH_MIN);

    // The ASR's classic: 在 written for 再.
    const zai = await examiner.examine(
      { ...repeat, reference_text: '我明天再来。', answer_text: '我明天在来' },
      'en',
    );
    const gone = await examiner.examine(
      { ...repeat, reference_text: '我明天再来。', answer_text: '我明天来' },
      'en',
    );
    const wrong = await examiner.examine(
      { ...repeat, reference_text: '我明天再来。', answer_text: '我明天不来' },
      'en',
    );
    expect(zai.result.score).toBeGreaterThan(gone.result.score);
    expect(zai.result.score).toBeGreaterThan(wrong.result.score);
    expect(zai.result.feedback_text).toContain('再→在');
    expect(zai.result.feedback_text).toContain('我明天【再】来。');
    expect(zai.result.feedback_html).toContain('<ruby class="fb-homophone">再<rt>zài</rt></ruby>');
    expect(gone.result.feedback_text).toContain('Missing: 再 (zài)');

    const read = await examiner.examine(
      {
        ...readAloud,
        answer_text: passage.replace('科技', '科级').replace('便宜', '便移').replace('信息', '新息'),
        duration_ms: 25_000,
      },
      'en',
    );
    const cut = await examiner.examine(
      {
        ...readAloud,
        answer_text: passage.replace('技', '').replace('宜', '').replace('信', ''),
        duration_ms: 25_000,
      },
      'en',
    );
    expect(read.result.measures.reference?.homophones).toBe(3);
    expect(read.result.score).toBeGreaterThan(cut.result.score);
  });

  it('judges relevance by the question, and measures length, vocabulary and pace', async () => {
    const { result } = await examiner.examine(
      { ...open, answer_text: '我周末常常在家看书，有时候和朋友去跑步。', duration_ms: 20_000 },
      'en',
    );
    const m = result.measures;
    expect(m.relevance?.hits).toEqual(expect.arrayContaining(['周末', '朋友', '跑步']));
    expect(m.length).toMatchObject({ chars: 18, expected: 105 });
    expect(m.vocabulary.available).toBe(true);
    expect(m.vocabulary.known).toBeGreaterThan(5);
    expect(m.fluency.rate.chars_per_minute).toBe(54);
    expect(m.coherence?.pattern).toBe('sentences');
    expect(result.feedback_text).toContain('Length: 18 characters where about 105 are expected.');
  });

  it('matches topic words by toneless pinyin when the recogniser chose other characters', async () => {
    const { result } = await examiner.examine({ ...answer, answer_text: '我喜欢宏色。' }, 'en');
    expect(result.measures.relevance?.hits).toContain('红色');
  });

  it('skips the vocabulary measure and says so when no word list is available', async () => {
    const bare = new ExaminerEngine({ vocabulary: new Map() });
    const withLists = await examiner.examine({ ...open, answer_text: '我周末常常和朋友去跑步。' }, 'en');
    const tiny = await bare.examine({ ...open, answer_text: '我周末常常和朋友去跑步。' }, 'en');
    expect(withLists.result.measures.vocabulary.known).toBeGreaterThan(0);
    expect(tiny.result.measures.vocabulary.known).toBe(0);
    const missing = await import('./vocabulary.js').then((v) => v.loadHskVocabulary('/nonexistent/'));
    expect(missing.lookup).toBeNull();
    expect(missing.note).toMatch(/not found/);
  });

  it('scales the expected length from the time limit', async () => {
    const short = await examiner.examine({ ...open, time_limit_s: 60, answer_text: '我周末跑步。' }, 'en');
    const long = await examiner.examine({ ...open, time_limit_s: 180, answer_text: '我周末跑步。' }, 'en');
    expect(long.result.measures.length.expected).toBe(3 * short.result.measures.length.expected);
  });
});

describe('examiner output', () => {
  it('is deterministic', async () => {
    for (const [, input] of cases) {
      const a = await collect(examiner.review(input, 'ru'));
      const b = await collect(new ExaminerEngine().review(input, 'ru'));
      expect(b).toEqual(a);
    }
  });

  it('streams sentence by sentence, then one result whose text is the chunks joined', async () => {
    const { chunks, result } = await collect(
      examiner.review({ ...repeat, answer_text: '我明天去北京' }, 'en'),
    );
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) expect(c.endsWith('\n')).toBe(true);
    expect(chunks.join('')).toBe(result.feedback_text);
    expect(chunks[0]).toBe(`Score: ${result.score}/100 — partly accurate.\n`);
  });

  it.each(LANGUAGES)('writes every part of the feedback in %s', async (lang) => {
    const w = WORDING[lang];
    const { result } = await examiner.examine({ ...repeat, answer_text: '我明天去北经' }, lang);
    for (const part of [
      w.headings.right,
      w.headings.missed,
      w.headings.reference,
      w.headings.next,
      w.legend,
    ]) {
      expect(result.feedback_text).toContain(part);
    }
    expect(result.feedback_text).toContain('wǒ míng tiān yào qù běi jīng kàn péng yǒu');
    const other = LANGUAGES.filter((l) => l !== lang).map((l) => WORDING[l].headings.next);
    for (const heading of other) expect(result.feedback_text).not.toContain(heading);
    const openResult = await examiner.examine({ ...open, answer_text: '我周末常常在家看书。' }, lang);
    expect(openResult.result.feedback_text).toContain(w.headings.model);
  });

  it('escapes everything and uses only the fixed tags', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const { result } = await examiner.examine(
      {
        ...open,
        model_answers: [`我周末常常跑步。${hostile}`],
        key_points: [hostile],
        answer_text: `我周末${hostile}跑步`,
      },
      'en',
    );
    expect(result.feedback_html).not.toContain('<script');
    expect(result.feedback_html).not.toContain('<img');
    expect(result.feedback_html).toContain('&lt;script&gt;');
    const tags = [...result.feedback_html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]);
    for (const tag of tags) expect(FEEDBACK_HTML_TAGS).toContain(tag);
    const attributes = [...result.feedback_html.matchAll(/<[a-z]+((?:\s[^>]*)?)>/gi)]
      .map((m) => m[1]?.trim())
      .filter(Boolean);
    for (const attr of attributes) expect(attr).toMatch(/^class="fb-[a-z]+"$/);
  });
});

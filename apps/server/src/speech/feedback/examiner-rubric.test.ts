import { describe, expect, it } from 'vitest';
import { LANGUAGES, SCORE_BAND_HIGH_MIN } from '@kouyu/core';
import { ExaminerEngine } from './examiner.js';
import { FLUENT_VOICE, HALTING_VOICE } from './test-answers.js';
import type { AnswerInput } from './types.js';
import { WORDING } from './wording.js';

// The rubric's own measures: the voice analysis, answers not in Chinese, listed words, the improved answer.
const examiner = new ExaminerEngine();
const repeat: AnswerInput = {
  question_type: 'repeat',
  level: 'basic',
  reference_text: '我明天要去北京看朋友。',
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

describe('examiner with the voice analysis of the recording', () => {
  const syllable = (
    char: string,
    expected: 1 | 2 | 3 | 4 | 5,
    heard: 1 | 2 | 3 | 4 | 5 | null,
    i: number,
  ) => ({
    char,
    pinyin: char,
    expected_tone: expected,
    heard_tone: heard,
    confidence: 0.9,
    start_ms: i * 300,
    end_ms: i * 300 + 250,
  });

  it('takes tones heard in the recording as a measure of their own', async () => {
    const answerText = '我明天要去北京看朋友';
    const right = [...answerText].map((c, i) => syllable(c, 4, 4, i));
    const wrong = [...answerText].map((c, i) => syllable(c, 4, i < 5 ? 2 : 4, i));
    const good = await examiner.examine(
      { ...repeat, answer_text: answerText, voice: { fluency: FLUENT_VOICE, syllables: right } },
      'en',
    );
    const off = await examiner.examine(
      { ...repeat, answer_text: answerText, voice: { fluency: FLUENT_VOICE, syllables: wrong } },
      'en',
    );
    expect(good.result.measures.components['tones']).toBe(1);
    expect(off.result.measures.fluency.voice?.tones).toMatchObject({ judged: 10, right: 5, accuracy: 0.5 });
    expect(off.result.score).toBeLessThan(good.result.score);
    expect(off.result.score).toBeGreaterThanOrEqual(SCORE_BAND_HIGH_MIN - 15);
    expect(off.result.feedback_text).toContain(
      'Tones: 我 我: you said a rising tone, it falls (probably: listen and compare).',
    );
  });

  it('counts only the tones it is sure of, and its tip says how sure it is', async () => {
    const answerText = '我明天要去北京看朋友';
    // Two sure wrong tones, three other tones it is not sure of, five right.
    const syllables = [...answerText].map((c, i) => ({
      ...syllable(c, 4, i < 5 ? 2 : 4, i),
      expected_probability: i < 2 ? 0.001 : i < 5 ? 0.6 : 0.9,
    }));
    const { result } = await examiner.examine(
      { ...repeat, answer_text: answerText, voice: { fluency: FLUENT_VOICE, syllables } },
      'en',
    );
    expect(result.measures.fluency.voice?.tones).toMatchObject({ judged: 7, right: 5, accuracy: 0.71 });
    expect(result.feedback_text).toContain(
      'Tones: 我 我: you said a rising tone, it falls (almost certain). 明 明: you said a rising tone, it falls (almost certain). 3 syllables were not clear enough to judge and were not counted.',
    );
  });

  it('takes pauses and pace from the audio rather than from the duration', async () => {
    const text = '我周末常常和朋友去公园跑步，因为跑步对身体很好。有时候我们也去打篮球，打完球以后一起吃饭。';
    const smooth = await examiner.examine(
      { ...open, answer_text: text, voice: { fluency: FLUENT_VOICE } },
      'en',
    );
    const slow = await examiner.examine(
      { ...open, answer_text: text, voice: { fluency: HALTING_VOICE } },
      'en',
    );
    expect(slow.result.measures.fluency.voice?.pause_share).toBe(0.7);
    expect(slow.result.score).toBeLessThan(smooth.result.score);
    expect(slow.result.measures.weakest).toContain('fluency');
  });

  it('reviews a recording without a transcript by what the audio shows, not as no answer', async () => {
    const syllables = [...'我明天要去北京看朋友'].map((c, i) => syllable(c, 2, i < 2 ? 3 : 2, i));
    for (const lang of LANGUAGES) {
      const { result } = await examiner.examine(
        { ...repeat, answer_text: '', voice: { fluency: HALTING_VOICE, syllables } },
        lang,
      );
      const w = WORDING[lang];
      expect(result.feedback_text.startsWith(w.voiceOnly)).toBe(true);
      expect(result.feedback_text).not.toContain(w.empty);
      expect(result.measures.components).toMatchObject({ tones: 0.8 });
      expect(result.measures.fluency.voice?.syllables_per_minute).toBe(40);
      expect(result.feedback_text).toContain(w.voiceOnlyNext);
    }
  });
});

describe('examiner on answers not in Chinese and on listed words', () => {
  it('scores pinyin and English low and says which it was', async () => {
    const py = await examiner.examine(
      { ...open, answer_text: 'wo zhoumo changchang he pengyou qu paobu' },
      'en',
    );
    const english = await examiner.examine(
      { ...open, answer_text: 'On weekends I often run with friends.' },
      'zh',
    );
    expect(py.result.score).toBeLessThanOrEqual(5);
    expect(py.result.measures.language).toBe('pinyin');
    expect(py.result.feedback_text).toContain(WORDING.en.tips.pinyin);
    expect(english.result.measures.language).toBe('other');
    expect(english.result.feedback_text).toContain(WORDING.zh.tips.notChinese);
  });

  it('ranks a short real answer above a list of the same words, and says to make sentences', async () => {
    const listed = await examiner.examine({ ...open, answer_text: '周末，朋友，跑步，公园，因为。' }, 'en');
    const said = await examiner.examine({ ...open, answer_text: '我周末常常和朋友去公园跑步。' }, 'en');
    expect(said.result.score - listed.result.score).toBeGreaterThanOrEqual(20);
    expect(listed.result.measures.coherence?.pattern).toBe('keywords');
    expect(listed.result.feedback_text).toContain('Coherence: you listed words. Say them in sentences:');
    expect(listed.result.measures.improved?.text).toMatch(/周末|朋友|跑步/);
    expect(listed.result.measures.improved?.pinyin).toMatch(/pǎo bù|péng yǒu|zhōu mò/);
  });

  it('keeps the learner’s side in the improved answer', async () => {
    const input: AnswerInput = {
      question_type: 'open',
      level: 'intermediate',
      question_text: '你觉得找工作的时候，收入和兴趣哪个更重要？为什么？',
      model_answers: ['我觉得兴趣比收入更重要。'],
      answer_text: '我觉得收入更重要。现在城市里的生活压力很大，房子很贵。',
    };
    const { result } = await examiner.examine(input, 'en');
    expect(result.measures.relevance?.stance_taken).toBe(true);
    expect(result.measures.improved?.text).toContain('收入更重要');
    expect(result.measures.improved?.text).not.toContain('兴趣比收入更重要');
  });
});

describe('examiner on a listen-and-answer question', () => {
  const ask = (question_text: string, answer_text: string): AnswerInput => ({
    question_type: 'answer',
    level: 'basic',
    question_text,
    answer_text,
  });
  const score = async (input: AnswerInput) => (await examiner.examine(input, 'en')).result.score;

  it('scores the question said back as no answer, below a real reply in a few words', async () => {
    const echo = await score(ask('你喜欢猫还是喜欢狗？', '你喜欢猫还是喜欢狗'));
    const reply = await score(ask('你喜欢猫还是喜欢狗？', '我喜欢猫。'));
    expect(echo).toBeLessThan(30);
    expect(reply).toBeGreaterThanOrEqual(SCORE_BAND_HIGH_MIN);
    // Taking the question's words up is how replies begin: not an echo.
    expect(await score(ask('晚上你和家人一起吃饭吗？', '一起吃饭，我们每天一起吃。'))).toBeGreaterThanOrEqual(
      SCORE_BAND_HIGH_MIN,
    );
  });

  it('does not count the question’s own words as what it asks for', async () => {
    // 今天 is in the question: it answers no 几; the number does.
    const offTopic = await score(ask('今天你穿了几件衣服？', '今天天气很好，是晴天。'));
    const answered = await score(ask('今天你穿了几件衣服？', '今天我穿了三件衣服。'));
    expect(offTopic).toBeLessThan(50);
    expect(answered).toBeGreaterThanOrEqual(SCORE_BAND_HIGH_MIN);
    // A yes-no question is answered by yes, no or its verb, not by a sentence that shares its noun.
    expect(await score(ask('你去过中国吗？', '我喜欢中国菜。'))).toBeLessThan(50);
    expect(await score(ask('你去过中国吗？', '去过，我去过两次北京。'))).toBeGreaterThanOrEqual(
      SCORE_BAND_HIGH_MIN,
    );
  });
});

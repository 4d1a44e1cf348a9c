// Examiner speed: median time per answer over 1000 mixed answers (all question types, perfect to
// off-topic, homophone and missing-character mutations), then over 1000 listen-and-answer replies scored
// by the learned weighing (decision 041) and by the rules alone. Run: npx tsx apps/server/bench/feedback.bench.ts
import { performance } from 'node:perf_hooks';
import { ExaminerEngine } from '../src/speech/feedback/examiner.js';
import type { AnswerInput } from '../src/speech/feedback/types.js';

const ANSWERS = 1000;
const HOMOPHONES: Record<string, string> = {
  再: '在',
  京: '经',
  看: '砍',
  友: '有',
  是: '事',
  他: '她',
  做: '作',
  的: '得',
  一: '衣',
  去: '趣',
};

let seed = 42;
function rnd(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

/** Drops, swaps for a homophone or keeps each character, at the given rates. */
function mutate(text: string, drop: number, homophone: number): string {
  return [...text]
    .map((c) => {
      const r = rnd();
      if (r < drop) return '';
      if (r < drop + homophone) return HOMOPHONES[c] ?? c;
      return c;
    })
    .join('');
}

const references = [
  '我明天要去北京看朋友。',
  '你今天晚上想吃什么？',
  '他每天早上七点起床，然后去公司上班。',
  '随着科技的发展，越来越多的人选择在网上购物。网上购物不仅方便，而且价格往往比商店便宜。但是，我们也应该注意保护自己的个人信息。',
];
const open: AnswerInput = {
  question_type: 'open',
  level: 'intermediate',
  question_text: '你觉得学习外语最重要的是什么？',
  key_points: ['练习/说', '坚持', '兴趣', '因为'],
  model_answers: [
    '我觉得学习外语最重要的是坚持。每天练习一点，比如听广播、和朋友说话，时间长了就会进步。另外，对语言有兴趣也很重要，因为有兴趣才会主动学习。',
  ],
  answer_text: '',
};
const offTopic = '我昨天去超市买了很多水果，苹果和香蕉都很便宜，我还买了一些牛奶。';

function answer(i: number): AnswerInput {
  const ref = references[i % references.length] ?? '';
  const model = open.model_answers?.[0] ?? '';
  switch (i % 5) {
    case 0:
      return {
        question_type: 'repeat',
        level: 'basic',
        reference_text: ref,
        answer_text: mutate(ref, 0.1, 0.1),
        duration_ms: 4000,
      };
    case 1:
      return {
        question_type: 'read_aloud',
        level: 'advanced',
        reference_text: ref,
        answer_text: mutate(ref, 0.05, 0.05),
        duration_ms: 20_000,
      };
    case 2:
      return {
        question_type: 'retell',
        level: 'advanced',
        reference_text: ref,
        key_points: ['科技', '网上购物', '信息'],
        answer_text: mutate(ref, 0.4, 0.05),
        duration_ms: 30_000,
      };
    case 3:
      return { ...open, answer_text: mutate(model + model, 0.2, 0.05), duration_ms: 90_000 };
    default:
      return {
        ...open,
        question_type: 'picture',
        answer_text: i % 10 === 4 ? offTopic : '',
        duration_ms: 60_000,
      };
  }
}

const examiner = new ExaminerEngine();
const warmStart = performance.now();
await examiner.examine(answer(0), 'en');
const warmMs = performance.now() - warmStart;

const langs = ['en', 'zh', 'ru'] as const;

/** Times each answer's examination; returns the quantile function of the sorted times and their mean. */
async function timeEach(engine: ExaminerEngine, answers: readonly AnswerInput[]) {
  const times: number[] = [];
  for (const [i, input] of answers.entries()) {
    const t = performance.now();
    await engine.examine(input, langs[i % 3] ?? 'en');
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    at: (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0,
    mean: times.reduce((a, b) => a + b, 0) / times.length,
  };
}

const { at, mean } = await timeEach(
  examiner,
  Array.from({ length: ANSWERS }, (_, i) => answer(i)),
);
console.log(`examiner: ${ANSWERS} mixed answers (repeat, read aloud, retell, open, picture; en/zh/ru)`);
console.log(`first call (loads HSK lists and the word segmenter): ${warmMs.toFixed(1)} ms`);
console.log(
  `per answer: median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(2)} ms, mean ${mean.toFixed(2)} ms`,
);

// Listen-and-answer replies: right, about someone else, a neighbouring question, hesitant, an echo.
const QUICK: [string, string[]][] = [
  [
    '你妈妈喜欢做什么？',
    ['我妈妈喜欢做饭。', '我喜欢吃苹果。', '她喜欢看书', '嗯……她……喜欢……做饭', '你妈妈喜欢做什么'],
  ],
  [
    '你常常和谁一起运动？',
    ['和我妹妹一起跑步。', '我一个星期运动三次。', '我同事', '我常常和朋友一起运动了在公园。'],
  ],
  [
    '你的好朋友住在哪儿？',
    ['北京。', '他住在公司宿舍里', '我的好朋友在一家银行工作。', 'He lives in Beijing.'],
  ],
];
const quick: AnswerInput[] = Array.from({ length: ANSWERS }, (_, i) => {
  const [question, replies] = QUICK[i % QUICK.length] ?? ['', []];
  return {
    question_type: 'answer',
    level: 'basic',
    question_text: question,
    time_limit_s: 10,
    answer_text: replies[Math.floor(i / QUICK.length) % replies.length] ?? '',
  };
});
for (const [name, engine] of [
  ['learned weighing', new ExaminerEngine()],
  ['rules alone', new ExaminerEngine({ answerModel: false })],
] as const) {
  await engine.examine(quick[0] as AnswerInput, 'en');
  const { at: q } = await timeEach(engine, quick);
  console.log(
    `listen-and-answer, ${name}: ${ANSWERS} replies, median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms`,
  );
}

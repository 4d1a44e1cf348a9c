// The graded sets the listen-and-answer and open-question models learn from (`npm run train:examiner`, decision 041), and
// the ones it never sees: the probe set, the graded set's held-out part and the blind sets held out
// whole. A set that is read while tuning the rules may be learned from; a held-out one stays out of both.
import { readdirSync } from 'node:fs';
import { FEATURES, featuresOf, LEARNED_TYPES } from '../src/speech/feedback/answer-model.js';
import type { AnswerModelWeights, LearnedType } from '../src/speech/feedback/answer-model.js';
import { fitAnswerModel } from '../src/speech/feedback/answer-training.js';
import type { TrainingExample, TrainingOptions } from '../src/speech/feedback/answer-training.js';
import { ExaminerEngine } from '../src/speech/feedback/examiner.js';
import { loadInlineSet } from './examiner-inline.js';
import { loadExaminerSet } from './examiner-set.js';
import type { GradedAnswer } from './examiner-set.js';

/** Sets held out of tuning and of training: their figures are the honest ones. */
export const HELD_OUT_FILES: ReadonlySet<string> = new Set([
  'examiner-probe.json',
  'examiner-blind20.json',
  'examiner-blind23.json',
  'examiner-blind26.json',
  'examiner-blind28.json',
  'examiner-blind29.json',
  'examiner-blind30.json',
  'examiner-blind31.json',
  'examiner-blind32.json',
]);

/**
 * The first sets written, whose writers banded a bare elliptical reply 2 (later briefs band it 3): they
 * weigh more in training so that both conventions are kept.
 */
export const FIRST_SETS: ReadonlySet<string> = new Set([
  'set',
  'dev',
  'dev2',
  'dev3',
  'dev4',
  'meaning',
  'blind',
  'blind2',
]);

export interface TrainingAnswer {
  set: string;
  answer: GradedAnswer;
}

/** Every graded answer the models may learn from (of one task type, when given), named by its set. */
export function trainingAnswers(type?: LearnedType): TrainingAnswer[] {
  const dir = new URL('./', import.meta.url);
  const out: TrainingAnswer[] = loadExaminerSet()
    .filter((a) => a.split === 'dev')
    .map((answer) => ({ set: 'set', answer }));
  const files = readdirSync(dir)
    .filter((f) => /^examiner-(dev|blind|meaning)\d*\.json$/.test(f) && !HELD_OUT_FILES.has(f))
    .sort();
  for (const f of files) {
    const set = f.replace(/^examiner-|\.json$/g, '');
    for (const answer of loadInlineSet(new URL(f, dir))) out.push({ set, answer });
  }
  return type ? out.filter((t) => t.answer.input.question_type === type) : out;
}

export const TRAINING: TrainingOptions = { lambda: 0.5, boost: 4, boosted: FIRST_SETS };
/**
 * The measures a recording's voice analysis moves on its own, whose weights keep their sign: more
 * fluency never costs, more hesitation never pays.
 */
const KEPT_SIGNS: Record<string, 1 | -1> = { fluency: 1, hesitation: -1 };

/** What training wrote: the weights, and what they were learned from. */
export interface LearnedAnswerModel extends AnswerModelWeights {
  trained_on: string[];
  answers: number;
  lambda: number;
  boost: number;
}

/** Scores every training answer by the rules alone and learns each task type's weights from their measures. */
export async function learnAnswerModels(): Promise<Record<LearnedType, LearnedAnswerModel>> {
  const rules = new ExaminerEngine({ answerModel: false });
  // The sets are read once for both task types.
  const graded = trainingAnswers();
  const learn = async (type: LearnedType): Promise<LearnedAnswerModel> => {
    const examples: TrainingExample[] = [];
    for (const { set, answer } of graded) {
      if (answer.input.question_type !== type) continue;
      const { result } = await rules.examine(answer.input, 'en');
      examples.push({ set, band: answer.band, features: featuresOf(type, result.measures, result.score) });
    }
    const signs = new Map(
      Object.entries(KEPT_SIGNS).map(([name, sign]) => {
        const at = FEATURES[type].indexOf(name);
        if (at < 0) throw new Error(`the ${type} model has no feature ${name} to keep the sign of`);
        return [at, sign] as const;
      }),
    );
    const weights = fitAnswerModel(examples, { ...TRAINING, signs });
    return {
      features: [...FEATURES[type]],
      weights: weights.map((w) => Math.round(w * 1e6) / 1e6),
      trained_on: [...new Set(examples.map((e) => e.set))],
      answers: examples.length,
      lambda: TRAINING.lambda,
      boost: TRAINING.boost,
    };
  };
  const [answer, open] = await Promise.all(LEARNED_TYPES.map(learn));
  if (!answer || !open) throw new Error('a task type was not learned');
  return { answer, open };
}

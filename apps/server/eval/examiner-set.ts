// The graded examiner set (examiner-set.json) turned into answers the examiner reviews exactly as the
// feedback socket builds them from the seeded questions, and the figures that judge the examiner on it:
// Spearman rank correlation of score with band, and inversions (a band-1 answer scored at or above a
// band-3 answer of the same question). Shared by `npm run eval` and the floor test.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { loadHskkTests, questionId } from '../src/db/seed/hskk.js';
import type { HskkTestData } from '../src/db/seed/hskk.js';
import { questionInput } from '../src/speech/feedback/question-input.js';
import type { AnswerInput, QuestionType } from '../src/speech/feedback/types.js';

const answerSchema = z.object({
  band: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  duration_ms: z.number().int().positive().optional(),
  text: z.string(),
  reason: z.string().min(3),
});
const setSchema = z.object({
  about: z.string(),
  version: z.number().int(),
  items: z.array(
    z.object({
      id: z.string().regex(/^\d{3}-[123]-\d{1,2}$/),
      split: z.enum(['dev', 'held_out']),
      answers: z.array(answerSchema).min(1),
    }),
  ),
});

export type Split = 'dev' | 'held_out';

export interface GradedAnswer {
  item: string;
  split: Split;
  band: 1 | 2 | 3;
  reason: string;
  input: AnswerInput;
}

/** Every graded answer with the input the examiner gets for it. */
export function loadExaminerSet(file: URL = new URL('./examiner-set.json', import.meta.url)): GradedAnswer[] {
  const set = setSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const { tests } = loadHskkTests();
  const questions = new Map<
    number,
    { test: HskkTestData; q: HskkTestData['parts'][number]['questions'][number] }
  >();
  for (const test of tests)
    for (const part of test.parts)
      for (const q of part.questions) questions.set(questionId(test.id, part.part, q.number), { test, q });
  const out: GradedAnswer[] = [];
  for (const item of set.items) {
    const [t, p, n] = item.id.split('-').map(Number);
    const found = questions.get(questionId(t ?? 0, p ?? 0, n ?? 0));
    if (!found) throw new Error(`examiner set: no seeded question ${item.id}`);
    const { test, q } = found;
    const base = questionInput({
      questionType: q.question_type,
      level: test.level,
      questionText: q.question_text ?? null,
      audioText: q.audio_text,
      referenceText: q.reference_text ?? null,
      modelAnswers: q.model_answers ?? [],
      keyPoints: q.key_points ?? [],
      imageTexts: q.image_texts ?? [],
      timeLimit: q.time_limit,
    });
    for (const a of item.answers) {
      out.push({
        item: item.id,
        split: item.split,
        band: a.band,
        reason: a.reason,
        input: { ...base, answer_text: a.text, ...(a.duration_ms ? { duration_ms: a.duration_ms } : {}) },
      });
    }
  }
  return out;
}

/** Ranks with ties sharing their mean rank. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length).fill(0);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.[0] === order[i]?.[0]) j++;
    for (let k = i; k <= j; k++) out[order[k]?.[1] ?? 0] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation (Pearson on tie-averaged ranks); 0 when either side is constant. */
export function spearman(x: readonly number[], y: readonly number[]): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const n = x.length;
  const mx = rx.reduce((s, v) => s + v, 0) / n;
  const my = ry.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (rx[i] ?? 0) - mx;
    const dy = (ry[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

export interface Scored extends GradedAnswer {
  score: number;
}

/** The probe set: graded by other hands, written blind to the examiner and never tuned on (decision 010). */
export const PROBE_SET = new URL('./examiner-probe.json', import.meta.url);

type Examiner = { examine(input: AnswerInput, lang: 'en'): Promise<{ result: { score: number } }> };

/** Every answer of a set (the graded set by default) with the score `examiner` gives it. */
export async function scoreSet(examiner: Examiner, file?: URL): Promise<Scored[]> {
  return scoreAnswers(examiner, loadExaminerSet(file));
}

/** Graded answers (from any loader) with the score `examiner` gives each. */
export async function scoreAnswers(examiner: Examiner, answers: readonly GradedAnswer[]): Promise<Scored[]> {
  const scored: Scored[] = [];
  for (const answer of answers) {
    const { result } = await examiner.examine(answer.input, 'en');
    scored.push({ ...answer, score: result.score });
  }
  return scored;
}

export interface Inversion {
  item: string;
  low: Scored;
  high: Scored;
}

/** Band-1 answers scored at or above a band-3 answer of the same question. */
export function inversions(scored: readonly Scored[]): Inversion[] {
  const out: Inversion[] = [];
  for (const low of scored) {
    if (low.band !== 1) continue;
    for (const high of scored)
      if (high.band === 3 && high.item === low.item && low.score >= high.score)
        out.push({ item: low.item, low, high });
  }
  return out;
}

export interface Figures {
  n: number;
  spearman: number;
  inversions: number;
}

export interface EvaluationReport {
  overall: Figures;
  byType: Partial<Record<QuestionType, Figures>>;
  inverted: Inversion[];
}

function figures(scored: readonly Scored[]): Figures {
  return {
    n: scored.length,
    spearman:
      Math.round(
        spearman(
          scored.map((s) => s.score),
          scored.map((s) => s.band),
        ) * 1000,
      ) / 1000,
    inversions: inversions(scored).length,
  };
}

/** The figures of one slice of the set, overall and per task type. */
export function evaluate(scored: readonly Scored[]): EvaluationReport {
  const byType: Partial<Record<QuestionType, Figures>> = {};
  const types = [...new Set(scored.map((s) => s.input.question_type))];
  for (const type of types) byType[type] = figures(scored.filter((s) => s.input.question_type === type));
  return { overall: figures(scored), byType, inverted: inversions(scored) };
}

/** Task types whose answers are judged open-endedly (relevance and coherence, no reference text). */
export const OPEN_TYPES: readonly QuestionType[] = ['open', 'picture', 'answer', 'retell'];

import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadExaminerSet, OPEN_TYPES, spearman } from '../../../eval/examiner-set.js';
import type { EvaluationReport, Scored } from '../../../eval/examiner-set.js';
import { ExaminerEngine } from './examiner.js';

// The floors of issue 11: the examiner ranks answers as an HSKK examiner bands them, on the graded set
// (development and held-out parts alike), and never puts a band-1 answer level with or above a band-3
// answer to the same question.
const OVERALL_FLOOR = 0.85;
const OPEN_TYPE_FLOOR = 0.8;

describe('examiner against the graded set', () => {
  const reports: Record<'dev' | 'held_out', EvaluationReport | null> = { dev: null, held_out: null };

  beforeAll(async () => {
    const examiner = new ExaminerEngine();
    const scored: Scored[] = [];
    for (const answer of loadExaminerSet()) {
      const { result } = await examiner.examine(answer.input, 'en');
      scored.push({ ...answer, score: result.score });
    }
    reports.dev = evaluate(scored.filter((s) => s.split === 'dev'));
    reports.held_out = evaluate(scored.filter((s) => s.split === 'held_out'));
  });

  it('holds at least 200 graded answers over every task type, a quarter held out', () => {
    const set = loadExaminerSet();
    expect(set.length).toBeGreaterThanOrEqual(200);
    const held = set.filter((a) => a.split === 'held_out').length / set.length;
    expect(held).toBeGreaterThan(0.2);
    expect(held).toBeLessThan(0.35);
    const types = new Set(set.map((a) => a.input.question_type));
    for (const t of ['repeat', 'answer', 'picture', 'retell', 'read_aloud', 'open'])
      expect(types).toContain(t);
    for (const band of [1, 2, 3]) expect(set.some((a) => a.band === band)).toBe(true);
  });

  it.each(['dev', 'held_out'] as const)('ranks the %s answers by band with no inversion', (split) => {
    const report = reports[split];
    if (!report) throw new Error('not evaluated');
    const detail = JSON.stringify(report, (k: string, v: unknown) => (k === 'inverted' ? undefined : v));
    expect(report.overall.spearman, detail).toBeGreaterThanOrEqual(OVERALL_FLOOR);
    for (const type of OPEN_TYPES) {
      const f = report.byType[type];
      if (f) expect(f.spearman, `${type}: ${detail}`).toBeGreaterThanOrEqual(OPEN_TYPE_FLOOR);
    }
    expect(
      report.inverted.map((i) => `${i.item}: ${i.low.input.answer_text} ≥ ${i.high.input.answer_text}`),
    ).toEqual([]);
  });

  it('computes Spearman with tied ranks', () => {
    expect(spearman([1, 2, 3, 4], [1, 2, 3, 4])).toBe(1);
    expect(spearman([4, 3, 2, 1], [1, 2, 3, 4])).toBe(-1);
    expect(spearman([1, 1, 2, 2], [1, 1, 2, 2])).toBeCloseTo(1);
    expect(spearman([5, 5, 5], [1, 2, 3])).toBe(0);
  });
});

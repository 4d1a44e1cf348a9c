import { beforeAll, describe, expect, it } from 'vitest';
import {
  evaluate,
  loadExaminerSet,
  OPEN_TYPES,
  PROBE_SET,
  scoreSet,
  spearman,
} from '../../../eval/examiner-set.js';
import type { EvaluationReport } from '../../../eval/examiner-set.js';
import { ExaminerEngine } from './examiner.js';

// The floors of issue 11: the examiner ranks answers as an HSKK examiner bands them, on the graded set
// (development and held-out parts alike), and never puts a band-1 answer level with or above a band-3
// answer to the same question.
const OVERALL_FLOOR = 0.85;
const OPEN_TYPE_FLOOR = 0.8;
// The probe set (eval/examiner-probe.json) was written blind to the examiner and is never tuned on;
// its floors sit a little under today's figures (0.82 overall, 0.79-0.83 on the answer types) so that a
// change that loses ground on answers nobody shaped the examiner around fails here.
const PROBE_OVERALL_FLOOR = 0.78;
const PROBE_TYPE_FLOOR = 0.74;

describe('examiner against the graded set', () => {
  const reports: Record<'dev' | 'held_out' | 'probe', EvaluationReport | null> = {
    dev: null,
    held_out: null,
    probe: null,
  };

  beforeAll(async () => {
    const examiner = new ExaminerEngine();
    const scored = await scoreSet(examiner);
    reports.dev = evaluate(scored.filter((s) => s.split === 'dev'));
    reports.held_out = evaluate(scored.filter((s) => s.split === 'held_out'));
    reports.probe = evaluate(await scoreSet(examiner, PROBE_SET));
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

  it('ranks the probe set, written blind to it, by band with no inversion', () => {
    const report = reports.probe;
    if (!report) throw new Error('not evaluated');
    const detail = JSON.stringify(report, (k: string, v: unknown) => (k === 'inverted' ? undefined : v));
    expect(report.overall.n).toBeGreaterThanOrEqual(150);
    expect(report.overall.spearman, detail).toBeGreaterThanOrEqual(PROBE_OVERALL_FLOOR);
    for (const type of OPEN_TYPES) {
      const f = report.byType[type];
      expect(f?.spearman ?? 0, `${type}: ${detail}`).toBeGreaterThanOrEqual(PROBE_TYPE_FLOOR);
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

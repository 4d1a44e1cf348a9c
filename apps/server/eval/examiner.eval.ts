// `npm run eval -- examiner`: the examiner's figures on the graded set, per task type and overall, for the
// development part and the held-out part (never used for tuning), and every inversion found.
import { ExaminerEngine } from '../src/speech/feedback/examiner.js';
import { evaluate, loadExaminerSet } from './examiner-set.js';
import type { EvaluationReport, Scored } from './examiner-set.js';

const examiner = new ExaminerEngine();
const scored: Scored[] = [];
for (const answer of loadExaminerSet()) {
  const { result } = await examiner.examine(answer.input, 'en');
  scored.push({ ...answer, score: result.score });
}

function print(title: string, report: EvaluationReport): void {
  console.log(`\n${title}`);
  console.log('type         n   spearman  inversions');
  const rows = [...Object.entries(report.byType), ['overall', report.overall] as const];
  for (const [type, f] of rows) {
    if (!f) continue;
    console.log(
      `${type.padEnd(11)} ${String(f.n).padStart(3)}   ${f.spearman.toFixed(3).padStart(7)}   ${String(f.inversions).padStart(5)}`,
    );
  }
}

// The probe set (examiner-probe.json) was written blind to the examiner, by other hands than the
// graded set, to see whether the figures hold on answers nobody shaped the examiner around.
const probe: Scored[] = [];
for (const answer of loadExaminerSet(new URL('./examiner-probe.json', import.meta.url))) {
  const { result } = await examiner.examine(answer.input, 'en');
  probe.push({ ...answer, score: result.score });
}

const dev = evaluate(scored.filter((s) => s.split === 'dev'));
const heldOut = evaluate(scored.filter((s) => s.split === 'held_out'));
print('development set', dev);
print('held-out set', heldOut);
print('all graded answers', evaluate(scored));
const probeReport = evaluate(probe);
print('probe set (written blind to the examiner)', probeReport);
const inverted = [...dev.inverted, ...heldOut.inverted, ...probeReport.inverted];
if (inverted.length > 0) {
  console.log('\ninversions (band 1 scored at or above band 3 of the same question):');
  for (const inv of inverted)
    console.log(
      `  ${inv.item}: ${inv.low.score} «${inv.low.input.answer_text.slice(0, 30)}» ≥ ${inv.high.score} «${inv.high.input.answer_text.slice(0, 30)}»`,
    );
}
if (process.argv.includes('--all')) {
  console.log('\nevery answer: item band score text');
  for (const s of [...scored, ...probe])
    console.log(
      `  ${s.item} ${s.split === 'dev' ? 'd' : 'h'} ${s.band} ${String(s.score).padStart(3)} ${s.input.answer_text.slice(0, 40)}`,
    );
}

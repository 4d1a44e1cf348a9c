// `npm run eval -- examiner`: the examiner's figures per task type and overall on every graded set: the
// development and held-out parts of the graded set, the probe set written blind to the examiner, the
// meaning probes (new questions, inline), the development set of new questions, the second, third and fourth ones, the blind sets of new questions, and every
// inversion found.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ExaminerEngine } from '../src/speech/feedback/examiner.js';
import {
  BLIND2_SET,
  BLIND3_SET,
  BLIND4_SET,
  BLIND7_SET,
  BLIND10_SET,
  BLIND11_SET,
  BLIND12_SET,
  BLIND13_SET,
  BLIND14_SET,
  BLIND15_SET,
  BLIND16_SET,
  BLIND17_SET,
  BLIND18_SET,
  BLIND19_SET,
  BLIND20_SET,
  BLIND_SET,
  blindSet,
  DEV2_SET,
  DEV3_SET,
  DEV4_SET,
  DEV_SET,
  loadInlineSet,
  MEANING_SET,
} from './examiner-inline.js';
import { evaluate, PROBE_SET, scoreAnswers, scoreSet } from './examiner-set.js';
import type { EvaluationReport, Scored } from './examiner-set.js';

const examiner = new ExaminerEngine();
const scored = await scoreSet(examiner);

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

// Whether the figures hold on answers nobody shaped the examiner around.
const probe = await scoreSet(examiner, PROBE_SET);
const inline: [string, Scored[]][] = [
  [
    'meaning probes (new questions, written beside the examiner)',
    await scoreAnswers(examiner, loadInlineSet(MEANING_SET)),
  ],
  [
    'development set of new questions (written blind to the examiner, tuned on)',
    await scoreAnswers(examiner, loadInlineSet(DEV_SET)),
  ],
  [
    'second development set of new questions (written blind to the examiner, tuned on)',
    await scoreAnswers(examiner, loadInlineSet(DEV2_SET)),
  ],
  [
    'third development set of new questions (written blind to the examiner, its failures tuned on in the fourth pass)',
    await scoreAnswers(examiner, loadInlineSet(DEV3_SET)),
  ],
  [
    'fourth development set of new questions (half of a fifth blind set, split by question, tuned on)',
    await scoreAnswers(examiner, loadInlineSet(DEV4_SET)),
  ],
];
const blindFile = process.env['EXAMINER_BLIND_SET'] ?? fileURLToPath(BLIND_SET);
if (existsSync(blindFile))
  inline.push([
    'blind set (new questions, written blind to the examiner; its failures were read in the third pass)',
    await scoreAnswers(examiner, loadInlineSet(new URL(`file://${blindFile}`))),
  ]);
inline.push([
  'third blind set, other half of the fifth (new questions, written blind; its failures read in the sixth pass)',
  await scoreAnswers(examiner, loadInlineSet(BLIND3_SET)),
]);
inline.push([
  'fourth blind set, the sixth written (new questions, written blind; held out in the sixth pass, read in the seventh)',
  await scoreAnswers(examiner, loadInlineSet(BLIND4_SET)),
]);
inline.push([
  'seventh blind set (new questions, written blind; first figures taken unread, then read in the seventh pass)',
  await scoreAnswers(examiner, loadInlineSet(BLIND7_SET)),
]);
for (const [title, set] of [
  ['tenth blind set (eighth pass: half read, half measured unread on it, then read)', BLIND10_SET],
  ['eleventh blind set (eighth pass: first figures taken unread, then read)', BLIND11_SET],
  ['twelfth blind set (eighth pass: first figures taken unread, then read)', BLIND12_SET],
  ['thirteenth blind set (eighth pass: first figures taken unread, then read)', BLIND13_SET],
  ['fourteenth blind set (eighth pass: first figures taken unread, then read)', BLIND14_SET],
  ['fifteenth blind set, one part (ninth pass: first figures taken unread, then read)', BLIND15_SET],
  ['sixteenth blind set, the late parts (ninth pass: held out; read in the tenth)', BLIND16_SET],
  ['seventeenth blind set (tenth pass: first figures taken unread, then read)', BLIND17_SET],
  ['eighteenth blind set (tenth pass: first figures taken unread, then read)', BLIND18_SET],
  ['nineteenth blind set (tenth pass: first figures taken unread, then read)', BLIND19_SET],
  ['twentieth blind set (tenth pass: held out, never read)', BLIND20_SET],
  ['twenty-first blind set (eleventh pass: first figures taken unread, then read)', blindSet(21)],
  ['twenty-second blind set (eleventh pass: first figures taken unread, then read)', blindSet(22)],
  ['twenty-fourth blind set (eleventh pass: first figures taken unread midway, then read)', blindSet(24)],
  ['twenty-third blind set (eleventh pass: held out, never read)', blindSet(23)],
  [
    'twenty-fifth blind set (eleventh pass, second round: first figures taken unread, then read)',
    blindSet(25),
  ],
  ['twenty-sixth blind set (eleventh pass, second round: held out, never read)', blindSet(26)],
  [
    'twenty-seventh blind set (eleventh pass, third round: first figures taken unread, then read)',
    blindSet(27),
  ],
  ['twenty-eighth blind set (eleventh pass, third round: held out, never read)', blindSet(28)],
  ['twenty-ninth blind set (twelfth pass: held out, never read nor learned from)', blindSet(29)],
  ['thirtieth blind set (twelfth pass: held out, never read nor learned from)', blindSet(30)],
  ['thirty-first blind set (twelfth pass: held out, never read nor learned from)', blindSet(31)],
  ['thirty-second blind set (twelfth pass: held out, never read nor learned from)', blindSet(32)],
] as const)
  inline.push([title, await scoreAnswers(examiner, loadInlineSet(set))]);
inline.push([
  'second blind set, held-out half (new questions, written blind; its failure classes read in the fourth pass)',
  await scoreAnswers(examiner, loadInlineSet(BLIND2_SET)),
]);

const dev = evaluate(scored.filter((s) => s.split === 'dev'));
const heldOut = evaluate(scored.filter((s) => s.split === 'held_out'));
print('development set', dev);
print('held-out set', heldOut);
print('all graded answers', evaluate(scored));
const probeReport = evaluate(probe);
print('probe set (written blind to the examiner)', probeReport);
const inlineReports = inline.map(([title, answers]) => {
  const report = evaluate(answers);
  print(title, report);
  return report;
});
const inverted = [
  ...dev.inverted,
  ...heldOut.inverted,
  ...probeReport.inverted,
  ...inlineReports.flatMap((r) => r.inverted),
];
if (inverted.length > 0) {
  console.log('\ninversions (band 1 scored at or above band 3 of the same question):');
  for (const inv of inverted)
    console.log(
      `  ${inv.item}: ${inv.low.score} «${inv.low.input.answer_text.slice(0, 30)}» ≥ ${inv.high.score} «${inv.high.input.answer_text.slice(0, 30)}»`,
    );
}
if (process.argv.includes('--all')) {
  console.log('\nevery answer: item band score text');
  for (const s of [...scored, ...probe, ...inline.flatMap(([, a]) => a)])
    console.log(
      `  ${s.item} ${s.split === 'dev' ? 'd' : 'h'} ${s.band} ${String(s.score).padStart(3)} ${s.input.answer_text.slice(0, 40)}`,
    );
}

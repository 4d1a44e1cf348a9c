// `npm run eval -- voice`: the voice analysis on the generated labelled set (labelled-set.ts): HSK sentences
// read by espeak-ng at several speeds, pitches and voices, some shifted by sox, with mild noise; every
// second item has a quarter of its syllables read with a wrong tone. The sentences are held out: the
// classifier was tuned on others. Accuracy on human voices is not measured (no recordings of learners).
import { evaluateVoice } from '../src/speech/voice/eval-metrics.js';
import { heldOutSentences } from '../src/speech/voice/labelled-set.js';

const ITEMS = Number(process.env['VOICE_EVAL_ITEMS'] ?? 320);
const started = performance.now();
const conditions = new Map<string, { n: number; right: number }>();
const figures = await evaluateVoice(heldOutSentences(ITEMS), ITEMS, (item, report) => {
  // Per voice (espeak variant and sox shift): where the aligner or the classifier struggle.
  const voice = item.condition.split(' ').slice(2).join(' ');
  const row = conditions.get(voice) ?? { n: 0, right: 0 };
  (report.syllables ?? []).forEach((s, k) => {
    if (item.spoken[k] !== s.expected_tone) return;
    row.n++;
    if (s.heard_tone === s.expected_tone) row.right++;
  });
  conditions.set(voice, row);
});
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
console.log(`items ${figures.items}, syllables ${figures.syllables} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(`tone accuracy on right-tone syllables  ${pct(figures.rightToneAccuracy)}   (target >= 90 %)`);
console.log(`wrong tones flagged                    ${pct(figures.wrongFlagged)}   (target >= 85 %)`);
console.log(`false alarms on right-tone syllables   ${pct(figures.falseAlarms)}   (target <= 10 %)`);
console.log(`syllable start error                   mean ${figures.boundaryMeanMs.toFixed(0)} ms, 90th percentile ${figures.boundaryP90Ms.toFixed(0)} ms`);
console.log(`pause count error                      ${figures.pauseCountError.toFixed(2)} per recording`);
console.log('\nright-tone accuracy per voice');
for (const [voice, { n, right }] of [...conditions].sort()) console.log(`  ${voice.padEnd(16)} ${String(n).padStart(5)}  ${pct(right / Math.max(1, n))}`);
console.log('\nright-tone syllables heard otherwise (expected→heard)');
console.log(' ', Object.entries(figures.confusion).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', '));

// `npm run eval -- voice`: the voice analysis on the generated labelled set (labelled-set.ts): HSK sentences
// read by espeak-ng at several speeds, pitches and voices, some shifted by sox, with mild noise; every
// second item has a quarter of its syllables read with a wrong tone. Two halves share no sentence and no
// voice: the method is tuned on `dev` only; the `held-out` figures are the ones the README and the floor
// test quote. Accuracy on human voices is not measured (no recordings of learners).
// VOICE_EVAL_ITEMS (default 320 per half) and VOICE_EVAL_SPLITS (default "dev,held-out") size the run.
import { evaluateVoice } from '../src/speech/voice/eval-metrics.js';
import type { Split } from '../src/speech/voice/labelled-set.js';
import { voiceFigureLines } from './voice-report.js';

const ITEMS = Number(process.env['VOICE_EVAL_ITEMS'] ?? 320);
const SPLITS = (process.env['VOICE_EVAL_SPLITS'] ?? 'dev,held-out').split(',').filter((s): s is Split => s === 'dev' || s === 'held-out');
for (const split of SPLITS) {
  const started = performance.now();
  const figures = await evaluateVoice(split, ITEMS);
  console.log(voiceFigureLines(`${split} (${((performance.now() - started) / 1000).toFixed(0)} s)`, figures).join('\n'));
}

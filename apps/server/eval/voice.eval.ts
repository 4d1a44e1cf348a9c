// `npm run eval -- voice`: the tone judge on human voices, then on espeak's voices as one more row.
// - Split by speaker: a model trained on one voice of shared/voices is judged on the other, both ways
//   (the speaker's range from their other recordings, as the learner's earlier recordings give it; and
//   again from the recording alone). Minimal pairs: each recording judged against its syllable in the
//   three other tones.
// - The committed model on the vendored subset (apps/server/eval/voices), which it was not trained on.
// - The generated espeak set (labelled-set.ts: voices other than the defaults, speeds, pitches, noise).
// VOICE_EVAL_ITEMS (default 120) sizes the espeak row; VOICE_EVAL_ESPEAK=0 leaves it out.
import { TONE_WRONG_AT_MOST } from '@kouyu/core';
import { hasEspeakBinary } from '../src/speech/tts/espeak-engine.js';
import { evaluateVoice } from '../src/speech/voice/eval-metrics.js';
import { humanFigures } from '../src/speech/voice/human-figures.js';
import { fullSetDir, listItems, VENDORED_DIR } from '../src/speech/voice/human-set.js';
import { committedToneModel } from '../src/speech/voice/tone-model.js';
import { describeItems, judgeAll, trainModel } from '../src/speech/voice/tone-training.js';
import { humanFigureLines } from './voice-human-report.js';
import { voiceFigureLines } from './voice-report.js';

const t = TONE_WRONG_AT_MOST;
const dir = fullSetDir();
if (dir) {
  const items = listItems(dir);
  for (const alone of [false, true]) {
    const started = performance.now();
    const examples = describeItems(items, alone);
    const range = alone ? 'range from the recording alone' : "range from the speaker's other recordings";
    for (const test of ['syllables', 'words'] as const) {
      const train = test === 'syllables' ? 'words' : 'syllables';
      const model = trainModel(
        examples.filter((e) => e.item.speaker === train),
        train,
        t,
      );
      const figures = humanFigures(
        judgeAll(
          examples.filter((e) => e.item.speaker === test),
          model,
        ),
        t,
      );
      console.log(
        humanFigureLines(`human voice "${test}" (model trained on "${train}" only; ${range})`, figures).join(
          '\n',
        ),
      );
    }
    console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
} else console.log('shared/voices not found (VOICES_DIR): the full human set is left out');

const vendored = describeItems(listItems(VENDORED_DIR));
console.log(
  humanFigureLines(
    'vendored subset, committed model (not trained on it)',
    humanFigures(judgeAll(vendored, committedToneModel()), t),
  ).join('\n'),
);

if (process.env['VOICE_EVAL_ESPEAK'] !== '0' && hasEspeakBinary()) {
  const started = performance.now();
  const figures = await evaluateVoice('held-out', Number(process.env['VOICE_EVAL_ITEMS'] ?? 120));
  console.log(
    voiceFigureLines(
      `espeak voices, held-out half (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      figures,
    ).join('\n'),
  );
}

// `npm run eval -- voice`: the tone judge on human voices, then on espeak's voices as one more row.
// - Split by speaker: a model trained on one voice of shared/voices (and espeak's dev voices) is judged on
//   the other, both ways, with the shipped thresholds (core TONE_WRONG_AT_MOST): with the speaker's range
//   from their other recordings, as the learner's earlier recordings give it, and again from the recording
//   alone (the committed model's stricter thresholds). Minimal pairs: each recording judged against its syllable in
//   the three other tones.
// - The committed model on the vendored subset (apps/server/eval/voices), which it was not trained on.
// - The generated espeak set (labelled-set.ts), held-out half: voices, pitches and sentences the training
//   never saw.
// VOICE_EVAL_ITEMS (default 120) sizes the espeak row; VOICE_EVAL_ESPEAK=0 leaves it out.
import { TONE_WRONG_AT_MOST } from '@kouyu/core';
import { hasEspeakBinary } from '../src/speech/tts/espeak-engine.js';
import { evaluateVoice } from '../src/speech/voice/eval-metrics.js';
import { humanFigures } from '../src/speech/voice/human-figures.js';
import { fullSetDir, listItems, VENDORED_DIR } from '../src/speech/voice/human-set.js';
import { committedToneModel } from '../src/speech/voice/tone-model.js';
import { describeEspeak, describeItems, judgeAll, trainModel } from '../src/speech/voice/tone-training.js';
import type { Example } from '../src/speech/voice/tone-training.js';
import { humanFigureLines } from './voice-human-report.js';
import { voiceFigureLines } from './voice-report.js';

/** As many espeak dev sentences as the training script reads. */
const ESPEAK_TRAINING_SENTENCES = 300;
const t = TONE_WRONG_AT_MOST;
const dir = fullSetDir();
if (dir) {
  const started = performance.now();
  const { ranged, alone, perturbed } = describeItems(listItems(dir));
  const espeak = hasEspeakBinary() ? await describeEspeak(ESPEAK_TRAINING_SENTENCES) : [];
  const of = (list: readonly Example[], s: string) => list.filter((e) => e.item.speaker === s);
  for (const test of ['syllables', 'words'] as const) {
    const train = test === 'syllables' ? 'words' : 'syllables';
    const model = {
      ...trainModel([...of(ranged, train), ...of(perturbed, train), ...espeak], train, t),
      aloneWrongAtMost: committedToneModel().aloneWrongAtMost,
      expectedWeight: committedToneModel().expectedWeight,
    };
    const by = `model trained on "${train}"${espeak.length ? ' and espeak dev voices' : ''} only`;
    for (const [range, list] of [
      ["range from the speaker's other recordings", ranged],
      ['range from the recording alone', alone],
    ] as const)
      console.log(
        humanFigureLines(
          `human voice "${test}" (${by}; ${range})`,
          humanFigures(judgeAll(of(list, test), model), t),
        ).join('\n'),
      );
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
} else console.log('shared/voices not found (VOICES_DIR): the full human set is left out');

const vendored = describeItems(listItems(VENDORED_DIR)).ranged;
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

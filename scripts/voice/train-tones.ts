// `npm run train:tones`: learns the tone classifier (an ensemble of small networks) from the human
// recordings in shared/voices (see apps/server/src/speech/voice/human-set.ts) and espeak-ng's dev voices
// (labelled-set.ts), each also on perturbed speaker ranges, and writes
// apps/server/src/speech/voice/tone-model.weights.json. Deterministic: the same recordings give the same
// weights. The abstention is calibrated by speaker: a model trained on one human voice (and espeak) is
// judged on the other, both ways; per expected tone, the thresholds that mark the most minimal pairs while
// "marked wrong" stays right >= 90 % and right tones shown wrong stay <= 4.5 % on both are kept (core
// TONE_WRONG_AT_MOST must equal them), and again, stricter, for recordings judged on their own range; then
// the largest lean towards the expected tone that keeps minimal pairs passed as right <= 5 % on both. The
// recordings vendored for the floor test are left out of the final model, so that test stays held out.
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import path from 'node:path';
import { fullSetDir, listItems, VENDORED_DIR } from '../../apps/server/src/speech/voice/human-set.js';
import {
  calibrateExpectedWeight,
  calibrateThresholds,
  describeEspeak,
  describeItems,
  judgeAll,
  RANGE_PERTURBATIONS,
  trainModel,
  wrongPrecision,
} from '../../apps/server/src/speech/voice/tone-training.js';
import type { Example } from '../../apps/server/src/speech/voice/tone-training.js';

/** Sentences of espeak's dev half read for training (about 3,400 syllables). */
const ESPEAK_TRAINING_SENTENCES = 300;

const dir = fullSetDir();
if (!dir) {
  console.error('no shared/voices found (set VOICES_DIR): the full set of recordings is needed to train');
  process.exit(1);
}
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
const vendored = new Set(listItems(VENDORED_DIR).map((i) => `${i.speaker}/${i.id}`));
const items = listItems(dir);
console.log(`${items.length} recordings (${vendored.size} vendored ones kept out of the final model)`);
const { ranged, alone, perturbed } = describeItems(items);
const espeak = await describeEspeak(ESPEAK_TRAINING_SENTENCES);
console.log(
  `analysed in ${seconds()} s: ${ranged.length} human syllables, ${espeak.length} espeak ones (perturbed copies included)`,
);

const of = (list: readonly Example[], s: string) => list.filter((e) => e.item.speaker === s);
const held = (['syllables', 'words'] as const).map((test) => {
  const train = test === 'syllables' ? 'words' : 'syllables';
  const model = trainModel([...of(ranged, train), ...of(perturbed, train), ...espeak], `${train} and espeak`);
  return { test, model, judged: judgeAll(of(ranged, test), model) };
});
const wrongAtMost = calibrateThresholds(held.map((h) => h.judged));
// Judged alone with thresholds equal to these (the mapping onto the known-range scale is then the
// identity), the alone recordings give their own thresholds the same way.
const aloneWrongAtMost = calibrateThresholds(
  held.map((h) => judgeAll(of(alone, h.test), { ...h.model, wrongAtMost, aloneWrongAtMost: wrongAtMost })),
);
// Then how far a close call leans to the expected tone, with those thresholds (pairs passed at most 5 %).
const expectedWeight = calibrateExpectedWeight(
  held.map((h) => ({ examples: of(ranged, h.test), model: { ...h.model, wrongAtMost } })),
);
for (const h of held) {
  const judged = h.judged.right.filter((j) => j.expected !== 5 && j.heard !== null);
  const right = judged.filter((j) => j.heard === j.expected).length;
  console.log(
    `trained on the other voice and espeak, tested on ${h.test}: argmax right ${((100 * right) / judged.length).toFixed(1)} %, "wrong" right ${(100 * wrongPrecision(h.judged, wrongAtMost)).toFixed(1)} %`,
  );
}
const keep = (e: Example) => !vendored.has(`${e.item.speaker}/${e.item.id}`);
const finalExamples = [...ranged.filter(keep), ...perturbed.filter(keep), ...espeak];
const model = trainModel(
  finalExamples,
  `${ranged.filter(keep).length} syllables of both voices in shared/voices (vendored ones left out) and ${espeak.length / (1 + RANGE_PERTURBATIONS.length)} of espeak's dev voices, each also on ${RANGE_PERTURBATIONS.length} perturbed ranges; an ensemble of 5 networks; thresholds calibrated across speakers`,
  wrongAtMost,
  aloneWrongAtMost,
  expectedWeight,
);
const out = path.resolve(import.meta.dirname, '../../apps/server/src/speech/voice/tone-model.weights.json');
// Written as the house formatter writes JSON, so a rebuild is byte for byte the committed file.
writeFileSync(out, await format(JSON.stringify(model), { ...(await resolveConfig(out)), filepath: out }));
console.log(
  `wrote ${out} (thresholds ${JSON.stringify(wrongAtMost)}, alone ${JSON.stringify(aloneWrongAtMost)}, expected tone weighed ${expectedWeight}) in ${seconds()} s`,
);

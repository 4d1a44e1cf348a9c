// `npm run train:tones`: learns the tone classifier from the human recordings in shared/voices (see
// apps/server/src/speech/voice/human-set.ts) and writes apps/server/src/speech/voice/tone-model.weights.json.
// Deterministic: the same recordings give the same weights. The abstention threshold is calibrated by
// speaker: a model trained on one voice is judged on the other, both ways, and the largest threshold at
// which "marked wrong" stays right >= 90 % on both is kept (core TONE_WRONG_AT_MOST must equal it).
// The recordings vendored for the floor test are left out of the final model, so that test stays held out.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fullSetDir, listItems, VENDORED_DIR } from '../../apps/server/src/speech/voice/human-set.js';
import {
  calibrateThreshold,
  describeItems,
  judgeAll,
  trainModel,
  wrongPrecision,
} from '../../apps/server/src/speech/voice/tone-training.js';

const dir = fullSetDir();
if (!dir) {
  console.error('no shared/voices found (set VOICES_DIR): the full set of recordings is needed to train');
  process.exit(1);
}
const started = performance.now();
const vendored = new Set(listItems(VENDORED_DIR).map((i) => `${i.speaker}/${i.id}`));
const items = listItems(dir);
console.log(`${items.length} recordings (${vendored.size} vendored ones kept out of the final model)`);
const examples = describeItems(items);
console.log(
  `analysed in ${((performance.now() - started) / 1000).toFixed(0)} s: ${examples.length} syllables`,
);

const bySpeaker = (s: string) => examples.filter((e) => e.item.speaker === s);
const held = (['syllables', 'words'] as const).map((test) => {
  const train = test === 'syllables' ? 'words' : 'syllables';
  const model = trainModel(bySpeaker(train), train, 0.1);
  return { test, judged: judgeAll(bySpeaker(test), model) };
});
const wrongAtMost = calibrateThreshold(held.map((h) => h.judged));
for (const h of held) {
  const judged = h.judged.right.filter((j) => j.expected !== 5 && j.heard !== null);
  const right = judged.filter((j) => j.heard === j.expected).length;
  console.log(
    `trained on the other voice, tested on ${h.test}: argmax right ${((100 * right) / judged.length).toFixed(1)} %, "wrong" right ${(100 * wrongPrecision(h.judged, wrongAtMost)).toFixed(1)} % at p <= ${wrongAtMost}`,
  );
}
const finalExamples = examples.filter((e) => !vendored.has(`${e.item.speaker}/${e.item.id}`));
const model = trainModel(
  finalExamples,
  `${finalExamples.length} syllables of both voices in shared/voices, vendored ones left out; threshold calibrated across speakers`,
  wrongAtMost,
);
const out = path.resolve(import.meta.dirname, '../../apps/server/src/speech/voice/tone-model.weights.json');
writeFileSync(out, `${JSON.stringify(model)}\n`);
console.log(
  `wrote ${out} (threshold ${wrongAtMost}) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

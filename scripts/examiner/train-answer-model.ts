// `npm run train:examiner`: learns the listen-and-answer and open-question models (apps/server/src/
// speech/feedback/answer-model.ts) from the graded sets that may be learned from (apps/server/eval/examiner-training.ts:
// never the probe set, the graded set's held-out part or the blind sets held out whole) and writes
// answer-model.weights.json beside it. Deterministic: the same rules and sets give the same weights. Run
// it again whenever the rules change, since the model weighs their measures (a test checks that the
// shipped weights are the ones the current rules give).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { learnAnswerModels } from '../../apps/server/eval/examiner-training.js';

const started = performance.now();
const models = await learnAnswerModels();
const out = fileURLToPath(
  new URL('../../apps/server/src/speech/feedback/answer-model.weights.json', import.meta.url),
);
writeFileSync(out, await format(JSON.stringify(models), { ...(await resolveConfig(out)), filepath: out }));
console.log(
  `wrote ${out}: ${models.answer.answers} listen-and-answer replies of ${models.answer.trained_on.length} sets, ${models.open.answers} open answers of ${models.open.trained_on.length}, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

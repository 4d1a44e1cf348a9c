// `npm run eval`: every evaluation under apps/server/eval, one after another. An evaluation scores a judgement
// of the product (the examiner's scores, the tone classifier) against a labelled set kept in the repository
// and prints the figures; the tests beside the code hold the floors. `npm run eval -- voice` runs the ones
// whose name contains "voice".
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
const filter = process.argv[2] ?? '';
const dir = 'apps/server/eval';
const evals = existsSync(path.join(root, dir))
  ? readdirSync(path.join(root, dir))
      .filter((f) => f.endsWith('.eval.ts') && f.includes(filter))
      .sort()
      .map((f) => `${dir}/${f}`)
  : [];
if (evals.length === 0) {
  console.error(`no evaluation matches "${filter}" in ${dir}`);
  process.exit(1);
}
for (const file of evals) {
  console.log(`\n=== ${file}`);
  run('npx', ['tsx', '--tsconfig', 'apps/server/tsconfig.test.json', file]);
}

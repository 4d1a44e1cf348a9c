// `npm run bench`: every benchmark under apps/*/bench, one after another (they measure; they do not assert).
// Figures depend on the machine: compare runs on the same machine. `npm run bench -- tts` runs the ones
// whose name contains "tts".
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
const filter = process.argv[2] ?? '';
const benches = ['apps/server/bench']
  .filter((dir) => existsSync(path.join(root, dir)))
  .flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((f) => f.endsWith('.bench.ts'))
      .map((f) => `${dir}/${f}`),
  )
  .filter((f) => f.includes(filter))
  .sort();
for (const file of benches) {
  console.log(`\n=== ${file}`);
  run('npx', ['tsx', '--tsconfig', 'apps/server/tsconfig.test.json', file]);
}

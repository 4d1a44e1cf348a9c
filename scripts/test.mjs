// `npm test`: every suite — lint, format, types, unit, API (PGlite, and PostgreSQL + Redis when DATABASE_URL is set),
// and end-to-end in headless Chromium — then one closing line with the counts.
import { readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { build, ensureInstalled, ensureTestPackages, root, run } from './lib.mjs';

ensureInstalled();
ensureTestPackages();
console.log('› lint');
run('npm', ['run', 'lint', '--silent']);
console.log('› format');
run('npm', ['run', 'format:check', '--silent']);
console.log('› typecheck');
run('npm', ['run', 'typecheck', '--silent']);
build();

const out = path.join(root, '.vitest-results');
mkdirSync(out, { recursive: true });
const report = path.join(out, 'results.json');
console.log(`› tests${process.env.DATABASE_URL ? ' (PGlite, and PostgreSQL + Redis)' : ' (PGlite)'}`);
const res = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  skipped = json.numPendingTests + json.numTodoTests;
} catch {
  failed = Math.max(failed, 1);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(res.status === 0 && failed === 0 && passed > 0 ? 0 : 1);

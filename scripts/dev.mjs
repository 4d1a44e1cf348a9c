// `npm run dev`: the API with reload on change, and the Vite dev server (proxying /api) for the web app.
import { spawn } from 'node:child_process';
import { ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
run('npm', ['run', 'build', '-w', '@kouyu/core', '--silent']);
const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

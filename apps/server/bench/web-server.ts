import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedContent } from '../src/db/seed/index.js';

/** Builds the web app into apps/web/dist, under the same lock as `npm run build` (builds share folders). */
export function buildWeb(root: string): void {
  const res = spawnSync('flock', ['/tmp/kouyu-build.lock', 'npm', 'run', 'build', '-w', '@kouyu/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('web build failed');
}

/**
 * The real server (PGlite, seeded content) serving a web build on a loopback port, for the web benches.
 * The build is served from a copy: a build started elsewhere in the tree while a bench runs replaces the
 * hashed files under dist, and pages would load none of their scripts.
 */
export async function serveWebBuild(dist: string): Promise<{
  address: string;
  dataDir: string;
  close: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-web-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '10000000',
    AUDIO_PREGENERATE: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  const served = path.join(dataDir, 'web');
  cpSync(dist, served, { recursive: true });
  const app = await buildApp({ config, webDist: served, logger: false });
  await seedContent(app.database.db, { info() {} });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    address,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

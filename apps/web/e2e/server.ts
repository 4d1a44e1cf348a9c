import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/test/built-server';

const root = path.resolve(import.meta.dirname, '../../..');

/** Resolves once the server answers its health check (it is listening), or fails when it exits. */
export async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      // A degraded report (503) still means the server is up and listening.
      const res = await fetch(`${url}/api/v1/health`);
      if (res.status === 200 || res.status === 503) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in time');
}

export interface E2eServer {
  baseURL: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/** The admin every e2e server creates at start; tests sign in as it to read the dev outbox. */
export const E2E_ADMIN = { email: 'admin@kouyu.test', password: 'admin-password-123' } as const;

/**
 * Starts the built product as a user would (`node apps/server/dist/server.js`) on an empty data
 * directory and the embedded database, with the e2e defaults and `env` on top; `port` when the
 * caller needed it before (a stand-in that calls the server back).
 */
export async function startE2eServer(env: Record<string, string>, port?: number): Promise<E2eServer> {
  const listenOn = port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-e2e-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      RATE_LIMIT_PER_MINUTE: '5000',
      // Every e2e user signs up from 127.0.0.1, like a classroom behind one address.
      AUTH_RATE_LIMIT_SCALE: '50',
      // Background synthesis of every text would compete with the tests for the CPU.
      AUDIO_PREGENERATE: 'false',
      // The study path e2e moves the server a day forward (POST /api/v1/test/clock).
      TEST_CLOCK: 'true',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${listenOn}`;
  await waitHealthy(baseURL, child, 60_000);
  return {
    baseURL,
    dataDir,
    adminEmail: E2E_ADMIN.email,
    adminPassword: E2E_ADMIN.password,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { freePort };

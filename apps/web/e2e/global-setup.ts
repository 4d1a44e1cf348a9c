import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTranscriptionStandIn } from './transcription-standin';
import { startStripeStandIn } from '../../server/src/membership/standins/stripe-standin';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    adminEmail: string;
    adminPassword: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');
/** The admin the server creates at start; tests sign in as it to read the dev outbox. */
const ADMIN_EMAIL = 'admin@kouyu.test';
const ADMIN_PASSWORD = 'admin-password-123';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in time');
}

/** Starts the built product as a user would (`node apps/server/dist/server.js`) on a free port and an empty data directory. */
export default async function setup(project: TestProject) {
  const entry = path.join(root, 'apps/server/dist/server.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('e2e tests need the build: run `npm run build` (npm test does it)');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-e2e-'));
  // Speech recognition goes to a local test stand-in for an OpenAI-compatible vendor.
  const transcription = await startTranscriptionStandIn();
  // Payments go to a local Stripe stand-in whose checkout page delivers the signed webhook to the server.
  const stripe = await startStripeStandIn({ webhookUrl: `http://127.0.0.1:${port}/api/v1/payments/stripe/webhook` });
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
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
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The campus card page is on (its password gate is part of the e2e run).
      CAMPUS_CARD_PASSWORD: 'campus-e2e-pass',
      // An absolute QR address on another origin than the page's: the site serves it as its own image.
      WECHAT_QR_URL: `http://localhost:${port}/icon-192.png`,
      ASR_ENGINE: 'openai',
      OPENAI_ASR_BASE_URL: transcription.baseUrl,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.baseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitHealthy(baseURL, child, 60_000);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await transcription.close();
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

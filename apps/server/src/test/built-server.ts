import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (this file is apps/server/src/test/). */
export const repoRoot = path.resolve(here, '../../../..');
/** The built server, started as `npm start` does. */
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
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

export interface BuiltServer {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Sends `signal` and resolves with the exit code once the process has ended. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Polls `/api/v1/health` until it answers 200, the process dies or the time runs out. */
async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy in time:\n${output()}`);
}

/**
 * Starts `node apps/server/dist/server.js` (or `opts.entry`, another build) with `env` on top of this
 * process's environment, on a free port, and waits for its health check. Needs `npm run build`.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  opts: { timeoutMs?: number; nodeArgs?: string[]; entry?: string } = {},
): Promise<BuiltServer> {
  const entry = opts.entry ?? serverEntry;
  if (!existsSync(entry)) throw new Error('the built server is missing: run `npm run build` first');
  const port = await freePort();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), entry], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => log;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(baseUrl, child, output, opts.timeoutMs ?? 90_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    baseUrl,
    port,
    child,
    output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

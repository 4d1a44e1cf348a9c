/**
 * Read-path throughput: autocannon, in this one process, against the BUILT server (`apps/server/dist`,
 * embedded database, seeded content, no background synthesis) and, in the same run, against a bare
 * Fastify process answering every path with the very bytes the server gave (the ceiling). Prints
 * requests/s, p50/p99, timeouts and the ratio per endpoint, and the CPU time each process spent per
 * request (µs, median of the rounds; on a quiet machine the ratio is about the ceiling's over the
 * server's), then feedback sockets per second.
 * `npm run build` first; then `npm run bench -- api`. BENCH_SECONDS (default 5) and
 * BENCH_CONNECTIONS (default 100) change the load, BENCH_ROUNDS (default 3) how many alternating rounds
 * of server and ceiling share those seconds; BENCH_ONLY=text keeps the endpoints whose name holds
 * it; BENCH_PROFILE=dir writes a CPU profile of the server (node --cpu-prof) into dir. With
 * BENCH_DATABASE_URL (a PostgreSQL server; a fresh database is made and dropped) and BENCH_REDIS_URL
 * the server runs as a deployment would instead of on the embedded database. BENCH_SERVER_ENTRY starts
 * another build's `server.js` instead (e.g. a copy of the previous build, to alternate the two).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort, repoRoot, startBuiltServer } from '../src/test/built-server.js';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 100);
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3));
const ADMIN = { email: 'bench-admin@kouyu.test', password: 'bench-password-123' };

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
}

interface Figures {
  rps: number;
  /** CPU time (user + system) the answering process spent per answered request, in µs. */
  cpuUs: number;
  p50: number;
  p99: number;
  timeouts: number;
  non2xx: number;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Nanoseconds a process has run on a CPU (/proc/<pid>/schedstat, Linux; NaN elsewhere). Steadier than
 * requests/s on the shared machine: it does not count the time the process waited for a core.
 */
function cpuNanos(pid: number | undefined): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

async function measure(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  pid?: number,
): Promise<Figures> {
  const cpuBefore = cpuNanos(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, timeout: 10 });
  const cpu = cpuNanos(pid) - cpuBefore;
  return {
    rps: Math.round(result.requests.average),
    cpuUs: result.requests.total > 0 ? cpu / 1000 / result.requests.total : Number.NaN,
    p50: result.latency.p50,
    p99: result.latency.p99,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * The server and the ceiling in alternating rounds (ROUNDS of SECONDS/ROUNDS each, after a 1 s
 * warm-up of each): the shared machine's load moves within seconds, and one block for each side
 * made the ratio swing by tens of points between runs. The ratio is the median of the rounds'.
 */
async function compare(
  real: { url: string; pid?: number },
  bare: { url: string; pid?: number },
  headers: Record<string, string>,
) {
  // A short warm-up first (JIT, caches, connection set-up): the figures are the steady state.
  for (const side of [real, bare]) await measure(side.url, headers, 1);
  const seconds = Math.max(1, Math.round(SECONDS / ROUNDS));
  const rounds: { real: Figures; bare: Figures }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    rounds.push({
      real: await measure(real.url, headers, seconds, real.pid),
      bare: await measure(bare.url, headers, seconds, bare.pid),
    });
  }
  const ratios = rounds.map((r) => (r.bare.rps > 0 ? r.real.rps / r.bare.rps : 0)).sort((a, b) => a - b);
  const mean = (pick: (f: Figures) => number, side: 'real' | 'bare') =>
    Math.round(rounds.reduce((sum, r) => sum + pick(r[side]), 0) / rounds.length);
  const worst = (pick: (f: Figures) => number, side: 'real' | 'bare') =>
    Math.max(...rounds.map((r) => pick(r[side])));
  const median = (pick: (f: Figures) => number, side: 'real' | 'bare') => {
    const values = rounds.map((r) => pick(r[side])).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? Number.NaN;
  };
  const total = (pick: (f: Figures) => number) => rounds.reduce((sum, r) => sum + pick(r.real), 0);
  return {
    real: {
      rps: mean((f) => f.rps, 'real'),
      p50: mean((f) => f.p50, 'real'),
      p99: worst((f) => f.p99, 'real'),
      timeouts: total((f) => f.timeouts),
      non2xx: total((f) => f.non2xx),
      cpuUs: median((f) => f.cpuUs, 'real'),
    },
    bare: {
      rps: mean((f) => f.rps, 'bare'),
      p99: worst((f) => f.p99, 'bare'),
      cpuUs: median((f) => f.cpuUs, 'bare'),
    },
    ratio: ratios[Math.floor(ratios.length / 2)] ?? 0,
  };
}

/** A bare Fastify process answering each path with the recorded bytes and content type: the ceiling. */
async function startCeiling(bodies: Record<string, { type: string; body: string }>, dir: string) {
  const file = path.join(dir, 'ceiling.json');
  writeFileSync(file, JSON.stringify(bodies));
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    import { readFileSync } from 'node:fs';
    const bodies = JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8'));
    const app = Fastify();
    app.get('/*', (req, reply) => {
      const hit = bodies[req.url];
      if (!hit) return reply.code(404).send();
      reply.type(hit.type).send(hit.body);
    });
    await app.listen({ host: '127.0.0.1', port: ${port} });
    console.log('ready');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`ceiling exited with ${c}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** Feedback sockets opened, answered and closed per second by `clients` clients looping for SECONDS. */
async function socketsPerSecond(wsUrl: string, clients: number) {
  const times: number[] = [];
  let failures = 0;
  const until = Date.now() + SECONDS * 1000;
  const one = () =>
    new Promise<boolean>((resolve) => {
      const ws = new WebSocket(wsUrl);
      let done = false;
      ws.on('message', (data) => {
        // The saved record is the last frame: a JSON object with an id.
        if (/^\{"id":/.test(String(data))) done = true;
      });
      ws.on('close', () => resolve(done));
      ws.on('error', () => resolve(false));
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        if (await one()) times.push(performance.now() - t0);
        else failures++;
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pick = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0);
  return { perSecond: Math.round(times.length / wall), p50: pick(0.5), p99: pick(0.99), failures };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-bench-api-'));
  const pgUrl = process.env['BENCH_DATABASE_URL'];
  const dbName = `kouyu_bench_${process.pid}`;
  let database = '';
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    database = u.toString();
  }
  const server = await startBuiltServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: database,
      REDIS_URL: process.env['BENCH_REDIS_URL'] ?? '',
      REDIS_PREFIX: `${dbName}:`,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      AUDIO_PREGENERATE: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
      FEEDBACK_MAX_SOCKETS_PER_IP: '1000',
      ACCESS_TOKEN_TTL_S: '86400',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'error',
      OCR_ENGINE: 'none',
      ASR_ENGINE: 'none',
    },
    {
      ...(process.env['BENCH_SERVER_ENTRY'] ? { entry: process.env['BENCH_SERVER_ENTRY'] } : {}),
      nodeArgs: process.env['BENCH_PROFILE']
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE']}`]
        : [],
    },
  );
  const api = `${server.baseUrl}/api/v1`;
  try {
    const { token } = await json<{ token: string }>(
      await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
    );
    const auth = { authorization: `Bearer ${token}` };
    const list = await json<{ data: { id: number; is_try: boolean }[] }>(await fetch(`${api}/tests/level/1`));
    const tryTest = list.data.find((t) => t.is_try) ?? list.data[0];
    if (!tryTest) throw new Error('no seeded test');
    const questionsPath = `/api/v1/tests/${tryTest.id}/parts/1/questions`;
    // The first load synthesises the part's audio (cold); the bench measures the warm path learners share.
    const questions = await json<{ data: { questions: { id: number; number: number }[] } }>(
      await fetch(`${server.baseUrl}${questionsPath}`),
    );
    const first = questions.data.questions[0];
    if (!first) throw new Error('the try test has no question');
    for (let i = 0; i < 20; i++) {
      await json(
        await fetch(`${api}/user-test-questions`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            test_id: tryTest.id,
            level_id: 1,
            part_id: 1,
            is_full_test: false,
            completed_time: 60 + i,
            answers: [
              { question_id: first.id, question_number: first.number, user_answers: '我喜欢学习中文' },
            ],
          }),
        }),
      );
    }
    const targets: Target[] = [
      { name: 'test list (guest)', path: '/api/v1/tests/level/1', signedIn: false },
      { name: 'test list (signed in)', path: '/api/v1/tests/level/1?page=1', signedIn: true },
      { name: 'question loading', path: questionsPath, signedIn: false },
      { name: 'vocabulary search', path: '/api/v1/vocabulary?search=ni', signedIn: false },
      {
        name: 'vocabulary page_size=100',
        path: '/api/v1/vocabulary?search=e&page_size=100',
        signedIn: false,
      },
      // HSK 3.0: a search that looks through both syllabuses (16,000 entries).
      { name: 'vocabulary search hsk3', path: '/api/v1/vocabulary?syllabus=hsk3&search=ni', signedIn: false },
      {
        name: 'vocabulary hsk3 page_size=100',
        path: '/api/v1/vocabulary?syllabus=hsk3&search=e&page_size=100',
        signedIn: false,
      },
      { name: 'idiom search', path: '/api/v1/idioms?search=yi', signedIn: false },
      { name: 'idiom page_size=100', path: '/api/v1/idioms?search=e&page_size=100', signedIn: false },
      { name: 'results list', path: '/api/v1/user-test-questions?page=1', signedIn: true },
    ].filter((t) => t.name.includes(process.env['BENCH_ONLY'] ?? ''));
    const bodies: Record<string, { type: string; body: string }> = {};
    for (const t of targets) {
      const res = await fetch(`${server.baseUrl}${t.path}`, { headers: t.signedIn ? auth : {} });
      if (!res.ok) throw new Error(`${t.path}: ${res.status}`);
      bodies[t.path] = {
        type: res.headers.get('content-type') ?? 'application/json',
        body: await res.text(),
      };
    }
    // The server just migrated and seeded: let it settle (GC, JIT, content copies) on every path first,
    // or the first endpoint measured pays for it.
    for (const t of targets) {
      await autocannon({
        url: `${server.baseUrl}${t.path}`,
        connections: 20,
        duration: 1,
        headers: t.signedIn ? auth : {},
      });
    }
    const ceiling = await startCeiling(bodies, dataDir);
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s each after 1 s warm-up, in ${ROUNDS} alternating rounds (ratio: their median, p99: the worst round), ${pgUrl ? 'PostgreSQL' : 'embedded database'}; server vs bare Fastify with the same bytes\n`,
    );
    console.log(
      `${'endpoint'.padEnd(26)} ${pad('req/s', 7)} ${pad('p50', 5)} ${pad('p99', 6)} ${pad('t/o', 5)} ${pad('non2xx', 6)} | ${pad('ceiling', 7)} ${pad('p99', 5)} | ${pad('ratio', 6)} ${pad('bytes', 7)} | ${pad('µs/req', 6)} ${pad('ceiling', 7)}`,
    );
    try {
      for (const t of targets) {
        const headers = t.signedIn ? auth : {};
        const {
          real,
          bare,
          ratio: r,
        } = await compare(
          { url: `${server.baseUrl}${t.path}`, pid: server.child.pid },
          { url: `${ceiling.baseUrl}${t.path}`, pid: ceiling.pid },
          headers,
        );
        const ratio = `${Math.round(100 * r)}%`;
        console.log(
          `${t.name.padEnd(26)} ${pad(real.rps, 7)} ${pad(real.p50, 5)} ${pad(real.p99, 6)} ${pad(real.timeouts, 5)} ${pad(real.non2xx, 6)} | ${pad(bare.rps, 7)} ${pad(bare.p99, 5)} | ${pad(ratio, 6)} ${pad(bodies[t.path]?.body.length ?? 0, 7)} | ${pad(real.cpuUs.toFixed(1), 6)} ${pad(bare.cpuUs.toFixed(1), 7)}`,
        );
      }
    } finally {
      ceiling.stop();
    }
    const query = new URLSearchParams({
      question_id: String(first.id),
      level_id: '1',
      part_id: '1',
      user_answers: '我喜欢学习中文，因为中文很有意思。',
      language: 'en',
      token,
    });
    const wsUrl = `${server.baseUrl.replace('http', 'ws')}/api/v1/user-test-questions/ws?${query}`;
    if (!'feedback socket'.includes(process.env['BENCH_ONLY'] ?? '') && process.env['BENCH_ONLY']) return;
    const sockets = await socketsPerSecond(wsUrl, 20);
    console.log(
      `\nfeedback socket (20 clients): ${sockets.perSecond} sockets/s, p50 ${sockets.p50} ms, p99 ${sockets.p99} ms, failures ${sockets.failures}`,
    );
  } finally {
    await server.stop('SIGTERM');
    if (pgUrl) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

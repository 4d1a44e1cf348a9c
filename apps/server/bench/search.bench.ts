/**
 * Vocabulary and idiom search latency: a real server (PGlite on disk, the full seeded content) on a
 * loopback port, 50 concurrent HTTP clients with keep-alive, each sending searches of the kinds users
 * type (toneless and toned pinyin, characters, English and Russian meanings). Prints median and p99
 * per scenario, and a one-client run for reference. Run from the repository root:
 *   npx tsx --tsconfig apps/server/tsconfig.test.json apps/server/bench/search.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, get } from 'node:http';
import { idiomListSchema } from '@kouyu/core';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedContent } from '../src/db/seed/index.js';

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 40;

const VOCABULARY = [
  'search=yinhang',
  'search=yin2%20hang2',
  'search=y%C3%ADn%20h%C3%A1ng',
  'search=%E9%93%B6%E8%A1%8C', // 银行
  'search=%E8%A1%8C', // 行
  'search=bank',
  'search=hao',
  'search=to%20eat',
  'search=student&level=1',
  'search=%D0%B1%D0%B0%D0%BD%D0%BA&language=ru', // банк
  'search=%D1%83%D1%87%D0%B8%D1%82%D1%8C&language=ru', // учить
  'search=x',
  'level=6&page=20',
];
const IDIOMS = [
  'search=jisiguangyi',
  'search=ji%20si',
  'search=%E9%9B%86%E6%80%9D', // 集思
  'search=%E4%B8%80', // 一
  'search=illiterate',
  'search=to%20give%20up',
  'search=yi',
  'search=%D1%81%D0%BA%D1%80%D0%BE%D0%BC%D0%BD%D1%8B%D0%B9&language=ru', // скромный
  'search=%E8%B0%A6%E8%99%9A&language=zh', // 谦虚
  'category=wisdom',
  'page=3',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One GET over the keep-alive agent; resolves with the status once the body is read. */
function fetchStatus(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function load(base: string, paths: string[], clients: number, perClient: number, agent: Agent) {
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const url = `${base}${paths[(c + i) % paths.length]}`;
        const t0 = performance.now();
        const status = await fetchStatus(url, agent);
        if (status !== 200) throw new Error(`${url}: ${status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    median: percentile(times, 50),
    p99: percentile(times, 99),
    n: times.length,
    rps: times.length / wall,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-search-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '10000000',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  const app = await buildApp({ config, webDist: null, logger: false });
  const seedStart = performance.now();
  await seedContent(app.database.db, { info() {} });
  console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (PGlite at ${dataDir})`);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // The figures mean something only if the searches find what users look for.
  const check = async (url: string, expected: string) => {
    const body = await (await fetch(`${address}${url}`)).text();
    if (!body.includes(expected)) throw new Error(`${url} did not find ${expected}`);
  };
  await check('/api/v1/vocabulary?search=yinhang', '"simplified":"银行"');
  await check('/api/v1/idioms?search=illiterate', '"chengyu":"一丁不识"');
  const all = idiomListSchema.parse(await (await fetch(`${address}/api/v1/idioms?search=yi`)).json());
  console.log(`idioms matching "yi": ${all.pagination.total_count}`);
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    for (const [name, base, paths] of [
      ['vocabulary', `${address}/api/v1/vocabulary?`, VOCABULARY],
      ['idioms', `${address}/api/v1/idioms?`, IDIOMS],
    ] as const) {
      // Warm-up: query plans, JIT of the handlers, connections.
      await load(base, [...paths], 5, paths.length, agent);
      const one = await load(base, [...paths], 1, paths.length * 10, agent);
      const many = await load(base, [...paths], CLIENTS, REQUESTS_PER_CLIENT, agent);
      console.log(
        `${name.padEnd(10)} 1 client:   median ${one.median.toFixed(1)} ms, p99 ${one.p99.toFixed(1)} ms (${one.n} requests)`,
      );
      console.log(
        `${''.padEnd(10)} ${CLIENTS} clients: median ${many.median.toFixed(1)} ms, p99 ${many.p99.toFixed(1)} ms, ` +
          `${many.rps.toFixed(0)} requests/s (${many.n} requests)`,
      );
    }
  } finally {
    agent.destroy();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

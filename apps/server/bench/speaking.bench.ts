/**
 * Speaking test figures over real loopback HTTP and WebSockets against a listening server:
 *  - question audio: time from the audio request to its first audio byte, cold (synthesised on
 *    demand) and cached, and a whole part's question list cold and warm;
 *  - feedback: time from opening the socket (submit) to the first chunk and to the saved record;
 *  - how many feedback sockets opened at once (10, 25, 50, 100, then more) finish without error;
 *  - the latency of a plain request while the background audio pre-generation runs.
 * Each simulated client uses its own loopback source address (127.x.y.z), as distinct users would,
 * so the per-address limits do not throttle the run. Run from the repository root:
 *   npx tsx --tsconfig apps/server/tsconfig.test.json apps/server/bench/speaking.bench.ts
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { asc } from 'drizzle-orm';
import WebSocket from 'ws';
import { FEEDBACK_DONE, questionsSchema } from '@kouyu/core';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { hskkQuestions } from '../src/db/schema.js';
import { hskkSeed } from '../src/db/seed/hskk.js';
import { seedContent } from '../src/db/seed/index.js';
import { createAudioPregeneration } from '../src/speech/tts/pregenerate.js';
import { ttsServiceFor } from '../src/speech/tts/service.js';
import { signUp } from '../src/test/accounts.js';

const AUDIO_SAMPLES = 30;
const FEEDBACK_RUNS = 50;
const CONCURRENCY_STEPS = [10, 25, 50, 100, 200, 400];

let addressSeq = 0;
/** A fresh loopback source address per simulated client. */
function nextAddress(): string {
  do addressSeq += 1;
  while ((addressSeq & 255) === 0 || (addressSeq & 255) === 255);
  return `127.${1 + ((addressSeq >> 16) & 255)}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
}

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms (n=${sorted.length})`;
}

/** GET over loopback: status, the time to the first body byte (following one redirect) and the body. */
function get(
  port: number,
  url: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; firstByteMs: number; body: Buffer }> {
  const start = performance.now();
  const once = (target: string): Promise<{ status: number; firstByteMs: number; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: target, localAddress, headers }, (res) => {
        const location = res.headers.location;
        if (res.statusCode === 302 && location) {
          res.resume();
          once(location).then(resolve, reject);
          return;
        }
        let firstByteMs = 0;
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (firstByteMs === 0) firstByteMs = performance.now() - start;
          parts.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, firstByteMs, body: Buffer.concat(parts) }),
        );
      });
      req.on('error', reject);
    });
  return once(url);
}

interface FeedbackTiming {
  ok: boolean;
  firstChunkMs: number;
  recordMs: number;
  error?: string;
}

/** One feedback socket from its own address: time to the first chunk and to the saved record. */
function feedback(port: number, query: string): Promise<FeedbackTiming> {
  return new Promise((resolve) => {
    const start = performance.now();
    let firstChunkMs = 0;
    let recordMs = 0;
    let done = false;
    let error: string | undefined;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/user-test-questions/ws?${query}`, {
      localAddress: nextAddress(),
    });
    ws.on('message', (data) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      if (text === FEEDBACK_DONE) done = true;
      else if (done) recordMs = performance.now() - start;
      else if (text.startsWith('{"success":false')) error = text;
      else if (firstChunkMs === 0) firstChunkMs = performance.now() - start;
    });
    ws.on('error', (err) => {
      error = err.message;
    });
    ws.on('close', (code) =>
      resolve({
        ok: code === 1000 && recordMs > 0 && !error,
        firstChunkMs,
        recordMs,
        ...(error ? { error } : {}),
      }),
    );
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-speaking-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    SEED_CONTENT: 'false',
    AUDIO_PREGENERATE: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const app = await buildApp({ config, webDist: null, logger: false });
  await seedContent(app.database.db, { info() {} }, [hskkSeed()]);
  const pregeneration = createAudioPregeneration(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const user = await signUp(app);
  console.log(
    `speaking bench: ${os.cpus().length} CPUs, ${ttsServiceFor(config).engine.name} TTS, ${app.feedbackEngine.name} feedback, PGlite`,
  );

  // Question audio: the texts of questions across every level, none cached yet.
  const rows = await app.database.db.select().from(hskkQuestions).orderBy(asc(hskkQuestions.id));
  const texts = [...new Set(rows.map((r) => r.audioText))]
    .filter((_, i) => i % 7 === 0)
    .slice(0, AUDIO_SAMPLES);
  const speak = (text: string) => `/api/v1/audio/speak?text=${encodeURIComponent(text)}`;
  const cold: number[] = [];
  const cached: number[] = [];
  for (const text of texts) {
    const res = await get(port, speak(text), nextAddress());
    if (res.status !== 200 || res.body[0] !== 0xff) throw new Error(`cold audio failed: ${res.status}`);
    cold.push(res.firstByteMs);
  }
  for (const text of texts) cached.push((await get(port, speak(text), nextAddress())).firstByteMs);
  console.log(`question audio, request → first MP3 byte, cold (synthesised now): ${stats(cold)}`);
  console.log(`question audio, request → first MP3 byte, cached:               ${stats(cached)}`);
  const lengths = texts.map((t) => [...t].length);
  console.log(`  (texts of ${Math.min(...lengths)}-${Math.max(...lengths)} characters)`);

  const part = '/api/v1/tests/102/parts/1/questions';
  const listCold = await get(port, part, nextAddress(), user.auth);
  const listWarm: number[] = [];
  for (let i = 0; i < 10; i++) listWarm.push((await get(port, part, nextAddress(), user.auth)).firstByteMs);
  const first =
    questionsSchema.parse(JSON.parse(listCold.body.toString('utf8'))).data.questions[0]?.audio_url ?? '';
  const direct: number[] = [];
  for (let i = 0; i < 20; i++) direct.push((await get(port, first, nextAddress())).firstByteMs);
  console.log(
    `a part's question list (15 questions) with cold audio: ${listCold.firstByteMs.toFixed(1)} ms; warm: ${stats(listWarm)}`,
  );
  console.log(`cached audio_url → first byte: ${stats(direct)}`);

  // Feedback, one socket at a time.
  const query = (i: number) =>
    new URLSearchParams({
      question_id: String(102_101 + (i % 15)),
      level_id: '1',
      part_id: '1',
      user_answers: '我的名字叫王小明，我今年二十岁',
      is_guest: 'false',
      token: user.token,
      language: 'en',
    }).toString();
  const firstChunk: number[] = [];
  const record: number[] = [];
  for (let i = 0; i < FEEDBACK_RUNS; i++) {
    const run = await feedback(port, query(i));
    if (!run.ok) throw new Error(`feedback failed: ${run.error ?? 'no record'}`);
    firstChunk.push(run.firstChunkMs);
    record.push(run.recordMs);
  }
  console.log(`feedback, socket open → first chunk:   ${stats(firstChunk)}`);
  console.log(`feedback, socket open → saved record:  ${stats(record)}`);

  // Concurrent feedback sockets, all opened at once.
  for (const n of CONCURRENCY_STEPS) {
    const start = performance.now();
    const runs = await Promise.all(Array.from({ length: n }, (_, i) => feedback(port, query(i))));
    const wall = performance.now() - start;
    const failures = runs.filter((r) => !r.ok);
    console.log(
      `${String(n).padStart(3)} sockets at once: ${n - failures.length} ok, ${failures.length} failed, all done in ${wall.toFixed(0)} ms; record ${stats(runs.filter((r) => r.ok).map((r) => r.recordMs))}` +
        (failures[0] ? `; first error: ${failures[0].error ?? 'closed without a record'}` : ''),
    );
  }

  // Request latency while the background pre-generation works through the cache (one text at a time).
  const listUrl = '/api/v1/tests/level/basic';
  const idle: number[] = [];
  for (let i = 0; i < 30; i++) idle.push((await get(port, listUrl, nextAddress(), user.auth)).firstByteMs);
  const job = pregeneration.start();
  const busy: number[] = [];
  const busyStart = performance.now();
  while (performance.now() - busyStart < 20_000) {
    busy.push((await get(port, listUrl, nextAddress(), user.auth)).firstByteMs);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`test list request, idle:                         ${stats(idle)}`);
  console.log(`test list request, during audio pre-generation:  ${stats(busy)}`);
  await app.close();
  const summary = await job;
  console.log(`  pre-generation in those 20 s: ${summary.made} texts synthesised, then stopped by the close`);
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

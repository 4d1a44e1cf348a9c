/**
 * Speech synthesis figures: time to the first PCM chunk and real-time factor (synthesis time /
 * audio time) for a short and a long sentence on the binary and WASM espeak-ng paths, and the
 * latency of a cache hit through /api/v1/tts/ws. Run from the repository root:
 *   npx tsx --tsconfig apps/server/tsconfig.test.json apps/server/bench/tts.bench.ts
 * (the tsconfig maps @kouyu/core to its sources, so no build of core is needed).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { AudioCache } from '../src/speech/audio/cache.js';
import { closeMp3Encoder, encodeMp3 } from '../src/speech/audio/mp3.js';
import { DiskAudioStore } from '../src/speech/audio/store.js';
import { EspeakEngine, hasEspeakBinary } from '../src/speech/tts/espeak-engine.js';
import { espeakWasm } from '../src/speech/tts/espeak-wasm.js';

const SHORT = '你好，很高兴认识你。';
const LONG =
  '我叫李明，今年二十岁，是北京大学的学生。我每天早上六点起床，先去操场跑步，然后吃早饭。上午我有三节课，下午常常去图书馆学习。' +
  '晚上我喜欢和朋友一起聊天，有时候也看电影。周末我会回家看望父母，帮妈妈做饭，或者陪爸爸去公园散步。';
const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function measure(engine: EspeakEngine, text: string) {
  const first: number[] = [];
  const rtf: number[] = [];
  let seconds = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    let firstAt = 0;
    let samples = 0;
    for await (const chunk of engine.synthesize(text)) {
      if (firstAt === 0) firstAt = performance.now() - start;
      samples += chunk.length;
    }
    const total = performance.now() - start;
    seconds = samples / TTS_SAMPLE_RATE;
    // The first run includes starting the worker / loading pinyin data; it is reported apart.
    if (i === 0)
      console.log(`    cold run: first chunk ${firstAt.toFixed(1)} ms, total ${total.toFixed(1)} ms`);
    else {
      first.push(firstAt);
      rtf.push(total / 1000 / seconds);
    }
  }
  return { firstMs: median(first), rtf: median(rtf), seconds };
}

async function engines() {
  const modes = hasEspeakBinary() ? (['binary', 'wasm'] as const) : (['wasm'] as const);
  for (const mode of modes) {
    const engine = new EspeakEngine({ mode });
    console.log(`espeak-ng ${mode} (${engine.name}, voice ${engine.voice})`);
    for (const [label, text] of [
      ['short', SHORT],
      ['long', LONG],
    ] as const) {
      const r = await measure(engine, text);
      console.log(
        `  ${label.padEnd(5)} ${String([...text].length).padStart(3)} chars, ${r.seconds.toFixed(2)} s audio: ` +
          `first PCM chunk ${r.firstMs.toFixed(1)} ms, real-time factor ${r.rtf.toFixed(4)} (median of ${RUNS - 1})`,
      );
    }
  }
  await espeakWasm.close();
}

async function encoding() {
  const pcm = new Int16Array(TTS_SAMPLE_RATE * 10).map((_, i) => Math.round(6000 * Math.sin(i / 7)));
  const times: number[] = [];
  let ticks = 0;
  // The encoder runs in a worker; the main thread only waits, so its timer keeps firing meanwhile.
  const ticker = setInterval(() => ticks++, 5);
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    await encodeMp3(pcm, TTS_SAMPLE_RATE);
    if (i > 0) times.push(performance.now() - start);
  }
  clearInterval(ticker);
  const busy = times.reduce((a, b) => a + b, 0);
  console.log(
    `MP3 encoding of 10 s (lamejs worker, 48 kbps): median ${median(times).toFixed(1)} ms; main-thread 5 ms timer fired ${ticks} times in ~${busy.toFixed(0)} ms of encoding`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-bench-'));
  const cache = new AudioCache(new DiskAudioStore(dir));
  const saveStart = performance.now();
  await cache.save('b'.repeat(64), pcm, { engine: 'bench', voice: 'v', text: 'x' });
  console.log(
    `cache write of 10 s (WAV + MP3 + HLS to disk): ${(performance.now() - saveStart).toFixed(1)} ms`,
  );
  rmSync(dir, { recursive: true, force: true });
}

async function socketCacheHit() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_CONTENT: 'false',
    TTS_TEXTS_PER_MINUTE: '1000',
  });
  const { openDatabase } = await import('../src/db/client.js');
  const database = await openDatabase({ dataDir: null });
  const app = await buildApp({ config, database, webDist: null, logger: false });
  await app.ready();
  const socket = Object.defineProperty(new Socket(), 'remoteAddress', { value: '127.0.0.1' });
  const ws = await app.injectWS('/api/v1/tts/ws', { socket });
  const events: string[] = [];
  let wake: (() => void) | null = null;
  ws.on('message', (data, isBinary) => {
    if (!isBinary) events.push(String(data));
    wake?.();
  });
  const next = (name: string) =>
    new Promise<number>((resolve) => {
      const check = () => {
        const at = events.findIndex((e) => e.includes(`"event":"${name}"`));
        if (at >= 0) {
          events.splice(0, at + 1);
          resolve(performance.now());
        } else wake = check;
      };
      check();
    });
  const taskId = randomUUID();
  ws.send(
    JSON.stringify({
      header: { action: 'run-task', task_id: taskId },
      payload: { parameters: { sample_rate: 22050, format: 'pcm' } },
    }),
  );
  await next('task-started');
  const say = () =>
    ws.send(
      JSON.stringify({
        header: { action: 'continue-task', task_id: taskId },
        payload: { input: { text: SHORT } },
      }),
    );
  let start = performance.now();
  say();
  const missMs = (await next('result-generated')) - start;
  const hits: number[] = [];
  for (let i = 0; i < 20; i++) {
    start = performance.now();
    say();
    hits.push((await next('result-generated')) - start);
  }
  console.log(
    `socket: first (miss: synthesise, stream, cache) ${missMs.toFixed(1)} ms; cache hit median ${median(hits).toFixed(2)} ms, max ${Math.max(...hits).toFixed(2)} ms (20 hits, in-process)`,
  );
  ws.terminate();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
await engines();
await encoding();
await socketCacheHit();
await closeMp3Encoder();

/**
 * Speech recognition figures, end to end over real TCP sockets to a listening app whose engine
 * is a local protocol stand-in (so the numbers are the server's own cost plus one local vendor
 * hop, not a cloud's):
 *  - throughput of /api/v1/asr/ws: 100 ms PCM frames per second and MB/s, one socket and four
 *    in parallel, each task 59 s of audio (just under the 60 s cap);
 *  - end-of-speech → final transcript latency: finish-task (stop_asr) sent → final result
 *    received, on both browser sockets (DashScope-style to the DashScope stand-in, Doubao-style to
 *    the Doubao stand-in);
 *  - POST /audio/transcribe of a 10 s WAV (decode, resample, engine round trip).
 * Run from the repository root:
 *   npx tsx --tsconfig apps/server/tsconfig.test.json apps/server/bench/asr.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { int16ToBytes } from '../src/speech/asr/audio.js';
import { startDashScopeStandIn } from '../src/speech/asr/standins/dashscope-standin.js';
import { startDoubaoStandIn } from '../src/speech/asr/standins/doubao-standin.js';
import { startOpenAiStandIn } from '../src/speech/asr/standins/openai-standin.js';
import { SocketReader } from '../src/speech/asr/standins/socket-reader.js';
import { tone } from '../src/speech/asr/standins/tone.js';
import { encodeWav } from '../src/speech/asr/wav.js';

const FRAME_BYTES = 3200;
const TASK_SECONDS = 59;
const LATENCY_RUNS = 30;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Matches a message whose JSON holds `"key":"value"` at any depth. */
const hasField = (key: string, value: string) => (m: unknown) =>
  JSON.stringify(m).includes(`"${key}":"${value}"`);

async function connect(url: string): Promise<{ ws: WebSocket; reader: SocketReader }> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const reader = new SocketReader(ws);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, reader };
}

/** Sends frames respecting the socket's buffer, as a browser would over a real link. */
async function sendFrames(ws: WebSocket, frames: Buffer[]): Promise<void> {
  for (const frame of frames) {
    await new Promise<void>((resolve, reject) => ws.send(frame, (err) => (err ? reject(err) : resolve())));
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-asr-bench-'));
  const dashscope = await startDashScopeStandIn('bench-key');
  const doubao = await startDoubaoStandIn('app', 'access', 'volc.bigasr.sauc.duration');
  const openai = await startOpenAiStandIn(null);
  const base = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_CONTENT: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  };
  const limits = { ASR_MAX_SOCKETS_PER_IP: '16', RATE_LIMIT_PER_MINUTE: '100000' };
  const apps = await Promise.all(
    [
      {
        ...base,
        ...limits,
        ASR_ENGINE: 'dashscope',
        DASHSCOPE_API_KEY: 'bench-key',
        DASHSCOPE_WS_URL: dashscope.url,
      },
      {
        ...base,
        ...limits,
        ASR_ENGINE: 'doubao',
        DOUBAO_APP_KEY: 'app',
        DOUBAO_ACCESS_KEY: 'access',
        DOUBAO_WS_URL: doubao.url,
      },
      { ...base, ...limits, ASR_ENGINE: 'openai', OPENAI_ASR_BASE_URL: openai.baseUrl },
    ].map(async (env) => {
      const app = await buildApp({
        config: loadConfig(env),
        database: await openDatabase({ dataDir: null }),
        webDist: null,
        logger: false,
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      return { app, ws: `ws://127.0.0.1:${port}/api/v1` };
    }),
  );
  const [ds, db, oa] = apps;
  if (!ds || !db || !oa) throw new Error('apps did not start');

  // Throughput: whole 59 s tasks, frames sent as fast as the socket takes them.
  const pcm = int16ToBytes(tone(440, TASK_SECONDS, 16000));
  const frames = Array.from({ length: pcm.length / FRAME_BYTES }, (_, i) =>
    pcm.subarray(i * FRAME_BYTES, (i + 1) * FRAME_BYTES),
  );
  const oneTask = async (id: string) => {
    const { ws, reader } = await connect(`${ds.ws}/asr/ws`);
    ws.send(
      JSON.stringify({
        header: { action: 'run-task', task_id: id },
        payload: { parameters: { sample_rate: 16000, format: 'pcm' } },
      }),
    );
    await reader.next();
    await sendFrames(ws, frames);
    ws.send(JSON.stringify({ header: { action: 'finish-task', task_id: id } }));
    const final = (await reader.until(hasField('event', 'task-finished'))).at(-1);
    if (!JSON.stringify(final).includes(`收到${TASK_SECONDS * 16000}个采样`))
      throw new Error(`audio lost: ${JSON.stringify(final)}`);
    ws.close();
  };
  const throughput: Record<string, string>[] = [];
  for (const parallel of [1, 4]) {
    await oneTask('warm-up');
    const started = performance.now();
    await Promise.all(Array.from({ length: parallel }, (_, i) => oneTask(`t${i}`)));
    const seconds = (performance.now() - started) / 1000;
    const totalFrames = frames.length * parallel;
    throughput.push({
      sockets: String(parallel),
      'audio s': String(TASK_SECONDS * parallel),
      'frames/s': (totalFrames / seconds).toFixed(0),
      'MB/s': ((totalFrames * FRAME_BYTES) / seconds / 1e6).toFixed(2),
      'x real time': ((TASK_SECONDS * parallel) / seconds).toFixed(0),
    });
  }
  console.log('\n/api/v1/asr/ws throughput (DashScope stand-in, 100 ms frames)');
  console.table(throughput);

  // Latency from the end of speech to the final transcript, 3 s utterances.
  const utterance = int16ToBytes(tone(440, 3, 16000));
  const uFrames = Array.from({ length: utterance.length / FRAME_BYTES }, (_, i) =>
    utterance.subarray(i * FRAME_BYTES, (i + 1) * FRAME_BYTES),
  );
  const latency: Record<string, string>[] = [];
  for (const [name, url, startMsg, stopMsg, done] of [
    [
      '/asr/ws → DashScope',
      `${ds.ws}/asr/ws`,
      JSON.stringify({
        header: { action: 'run-task', task_id: 'l' },
        payload: { parameters: { sample_rate: 16000, format: 'pcm' } },
      }),
      JSON.stringify({ header: { action: 'finish-task', task_id: 'l' } }),
      hasField('event', 'task-finished'),
    ],
    [
      '/asrd/ws → Doubao',
      `${db.ws}/asrd/ws`,
      JSON.stringify({ type: 'start_asr', format: 'raw', language: 'zh-CN', time_limit: 10 }),
      JSON.stringify({ type: 'stop_asr' }),
      hasField('type', 'final'),
    ],
  ] as const) {
    const { ws, reader } = await connect(url);
    const times: number[] = [];
    for (let i = 0; i < LATENCY_RUNS; i++) {
      ws.send(startMsg);
      await sendFrames(ws, uFrames);
      const t0 = performance.now();
      ws.send(stopMsg);
      await reader.until(done);
      times.push(performance.now() - t0);
    }
    ws.close();
    latency.push({
      socket: name,
      runs: String(LATENCY_RUNS),
      'p50 ms': percentile(times, 50).toFixed(1),
      'p95 ms': percentile(times, 95).toFixed(1),
    });
  }
  console.log('\nend of speech → final transcript (3 s utterances)');
  console.table(latency);

  // Whole-recording transcription of a 10 s WAV at 44.1 kHz (resampled on the server).
  const wav = encodeWav(tone(440, 10, 44100), 44100);
  const form = new FormData();
  form.append('audio', new Blob([wav], { type: 'audio/wav' }), 'a.wav');
  const req = new Request('http://local/', { method: 'POST', body: form });
  const payload = Buffer.from(await req.arrayBuffer());
  const headers = { 'content-type': req.headers.get('content-type') ?? '' };
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    const res = await oa.app.inject({ method: 'POST', url: '/api/v1/audio/transcribe', payload, headers });
    if (res.statusCode !== 200) throw new Error(res.body);
    times.push(performance.now() - t0);
  }
  console.log(
    `\nPOST /audio/transcribe, 10 s WAV at 44.1 kHz (OpenAI-compatible stand-in): p50 ${percentile(times, 50).toFixed(1)} ms`,
  );

  for (const { app } of apps) await app.close();
  await Promise.all([dashscope.close(), doubao.close(), openai.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}

await main();

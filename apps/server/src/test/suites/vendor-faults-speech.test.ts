import { Socket } from 'node:net';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { int16ToBytes } from '../../speech/asr/audio.js';
import { startDashScopeStandIn } from '../../speech/asr/standins/dashscope-standin.js';
import type { DashScopeBehaviour, DashScopeStandIn } from '../../speech/asr/standins/dashscope-standin.js';
import { SocketReader } from '../../speech/asr/standins/socket-reader.js';
import { tone } from '../../speech/asr/standins/tone.js';
import { WORDING } from '../../speech/feedback/wording.js';
import { signUp } from '../accounts.js';
import { createTestApp, testDriver } from '../app.js';
import type { TestApp } from '../app.js';
import { feedbackQuery, feedbackSocket, finished, seedHskk, tryPayload } from '../speaking.js';
import { report } from './roles.js';

// Decision 028: the LLM behind the feedback socket and the vendor recogniser behind the recognition
// socket hang, drop the connection mid-stream, answer malformed frames and 5xx. Each fault gives
// the learner a clear answer (the examiner's review with a notice; a catalogue error on the
// recognition socket) within the configured timeout, no answer is lost and the server stays healthy.

const LLM_FAULTS = ['hang', 'stall', 'drop', 'malformed', 'status500', 'status503', 'html'] as const;
type LlmFault = (typeof LLM_FAULTS)[number];

const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });
const delta = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ delta: { content }, finish_reason: null }] })}\n\n`;

/** An OpenAI-compatible chat endpoint that fails in the way `state.fault` says, and counts the calls. */
function faultyModel(state: { fault: LlmFault; calls: number }): Server {
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.calls++;
      switch (state.fault) {
        case 'hang':
          return; // never answers
        case 'stall':
          sse(res);
          res.write(delta('{"score": 8'));
          return; // then silence
        case 'drop':
          sse(res);
          res.write(delta('{"score": 80, "dimensions": {"task": 8'));
          setImmediate(() => res.socket?.destroy());
          return;
        case 'malformed':
          sse(res);
          res.write('data: {not json\n\n');
          res.write(`data: ${JSON.stringify({ choices: 'none' })}\n\n`);
          res.end('data: [DONE]\n\n');
          return;
        case 'status500':
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
          return;
        case 'status503':
          res
            .writeHead(503, { 'content-type': 'application/json' })
            .end('{"error":{"message":"overloaded"}}');
          return;
        case 'html':
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login page</html>');
      }
    });
  });
}

describe(`vendor faults of the LLM behind the feedback socket on ${testDriver}`, () => {
  const state: { fault: LlmFault; calls: number } = { fault: 'hang', calls: 0 };
  const model = faultyModel(state);
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const address = model.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({
      FEEDBACK_ENGINE: 'llm',
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_TIMEOUT_MS: '500',
    });
    await seedHskk(t.app);
  });
  afterAll(async () => {
    await t.close();
    model.closeAllConnections();
    await new Promise((resolve) => model.close(resolve));
  });

  it('answers every fault with the examiner review and a notice, saves it, and calls the model once', async () => {
    const seen: string[] = [];
    for (const fault of LLM_FAULTS) {
      state.fault = fault;
      const calls = state.calls;
      const started = Date.now();
      const url = `/api/v1/user-test-questions/ws?${feedbackQuery(tryPayload())}`;
      const run = await finished(await feedbackSocket(t.app, url));
      const text = run.chunks.join('');
      expect(run.closeCode, fault).toBe(1000);
      const notice = [WORDING.en.notices.llmFailed, WORDING.en.notices.llmMalformed].find((n) =>
        text.includes(n),
      );
      expect(notice, `${fault}: ${text.slice(0, 120)}`).toBeDefined();
      // The answer is not lost: the review is saved with a score the examiner gave.
      expect(run.saved, fault).not.toBeNull();
      expect(typeof run.saved?.score, fault).toBe('number');
      // One call: the fallback is the examiner, not a storm of retries against a failing vendor.
      expect(state.calls - calls, fault).toBe(1);
      // A silent model costs the learner the configured timeout (and the stream's cap), not more.
      expect(Date.now() - started, fault).toBeLessThan(5000);
      seen.push(`${fault} → examiner review, score ${run.saved?.score ?? '?'}`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    report(
      `vendor faults: ${LLM_FAULTS.length} faults of the LLM, each answered by the examiner: ${seen.join('; ')}`,
    );
  }, 60_000);
});

const ASR_FAULTS: { fault: DashScopeBehaviour | 'unreachable'; when: 'start' | 'audio' | 'finish' }[] = [
  { fault: 'silent-start', when: 'start' },
  { fault: 'unreachable', when: 'start' },
  { fault: 'drop-on-audio', when: 'audio' },
  { fault: 'malformed', when: 'audio' },
  { fault: 'fail-on-audio', when: 'audio' },
  { fault: 'silent-finish', when: 'finish' },
];

const KEY = 'sk-fault-standin';
const runTask = (taskId: string) =>
  JSON.stringify({
    header: { action: 'run-task', task_id: taskId },
    payload: { parameters: { sample_rate: 16000, format: 'pcm' } },
  });
const finishTask = (taskId: string) => JSON.stringify({ header: { action: 'finish-task', task_id: taskId } });
const eventOf = (m: unknown): string | null =>
  typeof m === 'object' &&
  m !== null &&
  'header' in m &&
  typeof m.header === 'object' &&
  m.header !== null &&
  'event' in m.header
    ? String(m.header.event)
    : null;

describe(`vendor faults of the recogniser behind the recognition socket on ${testDriver}`, () => {
  let standIn: DashScopeStandIn;
  let t: TestApp;
  let unreachable: TestApp;
  const tokens = new Map<TestApp['app'], string>();
  let address = 0;

  const open = async (app: TestApp['app']) => {
    const token = tokens.get(app) ?? '';
    const socket = Object.defineProperty(new Socket(), 'remoteAddress', { value: `10.9.0.${++address}` });
    const attached: { reader?: SocketReader } = {};
    const ws: WebSocket = await app.injectWS(
      `/api/v1/asr/ws?token=${token}`,
      { socket },
      {
        onInit: (client) => (attached.reader = new SocketReader(client)),
      },
    );
    if (!attached.reader) throw new Error('socket not initialised');
    return { ws, reader: attached.reader };
  };

  beforeAll(async () => {
    standIn = await startDashScopeStandIn(KEY);
    const settings = {
      ASR_ENGINE: 'dashscope',
      DASHSCOPE_API_KEY: KEY,
      ASR_TIMEOUT_MS: '500',
      ASR_IDLE_TIMEOUT_MS: '5000',
    };
    t = await createTestApp({ ...settings, DASHSCOPE_WS_URL: standIn.url });
    // A port nothing listens on: the vendor refuses the connection.
    unreachable = await createTestApp({
      ...settings,
      DASHSCOPE_WS_URL: 'ws://127.0.0.1:1/api-ws/v1/inference/',
    });
    for (const app of [t.app, unreachable.app]) tokens.set(app, (await signUp(app)).token);
  });
  afterAll(async () => {
    await unreachable.close();
    await t.close();
    await standIn.close();
  });

  it('answers every fault with task-failed and a catalogue code, opens one vendor connection per task, and stays healthy', async () => {
    const seen: string[] = [];
    for (const { fault, when } of ASR_FAULTS) {
      if (fault !== 'unreachable') standIn.behaviour = fault;
      const connections = standIn.connections.length;
      const started = Date.now();
      const { ws, reader } = await open(fault === 'unreachable' ? unreachable.app : t.app);
      ws.send(runTask(fault));
      const pcm = tone(440, 0.5, 16000);
      for (let at = 0; at < pcm.length; at += 1600) ws.send(int16ToBytes(pcm.subarray(at, at + 1600)));
      ws.send(finishTask(fault));
      const messages = await reader.until((m) => eventOf(m) === 'task-failed');
      const failure = messages.at(-1);
      expect(failure, fault).toMatchObject({ header: { event: 'task-failed', task_id: fault } });
      const code = JSON.stringify(failure).match(/"error_code":"(\w+)"/)?.[1] ?? '';
      expect(['transcription_failed', 'asr_unavailable', 'asr_timeout'], fault).toContain(code);
      const { code: closeCode } = await reader.closed;
      expect(closeCode, fault).toBeGreaterThanOrEqual(4000);
      // The vendor's silence costs the configured timeout, not more.
      expect(Date.now() - started, fault).toBeLessThan(5000);
      // One vendor connection per task: retrying is the browser's job (spec 001 §5: 3 retries from 1 s).
      const opened = standIn.connections.length - connections;
      expect(opened, fault).toBe(fault === 'unreachable' ? 0 : 1);
      seen.push(`${fault} (at ${when}) → ${code} ${closeCode}`);
    }
    for (const app of [t.app, unreachable.app])
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    // After the faults, the recogniser serves a normal task again.
    standIn.behaviour = 'normal';
    const { ws, reader } = await open(t.app);
    ws.send(runTask('after'));
    ws.send(int16ToBytes(tone(440, 1, 16000)));
    ws.send(finishTask('after'));
    expect((await reader.until((m) => eventOf(m) === 'task-finished')).at(-1)).toMatchObject({
      header: { event: 'task-finished' },
    });
    ws.close();
    report(
      `vendor faults: ${ASR_FAULTS.length} faults of the realtime recogniser, each a clear error: ${seen.join('; ')}`,
    );
  }, 60_000);
});

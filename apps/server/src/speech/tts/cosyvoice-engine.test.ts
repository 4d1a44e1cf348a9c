import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { concatPcm, pcmToBytes } from '../audio/wav.js';
import { CosyVoiceEngine } from './cosyvoice-engine.js';
import { TtsError } from './engine.js';

const GOOD_KEY = 'sk-test-good';

const runTaskSchema = z.object({
  header: z.object({
    action: z.literal('run-task'),
    task_id: z.string().uuid(),
    streaming: z.literal('duplex'),
  }),
  payload: z.object({
    task_group: z.literal('audio'),
    task: z.literal('tts'),
    function: z.literal('SpeechSynthesizer'),
    model: z.string(),
    parameters: z.object({
      text_type: z.literal('PlainText'),
      voice: z.string(),
      format: z.literal('pcm'),
      sample_rate: z.literal(22050),
      rate: z.number(),
    }),
    input: z.object({}),
  }),
});
const continueSchema = z.object({
  header: z.object({
    action: z.literal('continue-task'),
    task_id: z.string(),
    streaming: z.literal('duplex'),
  }),
  payload: z.object({ input: z.object({ text: z.string().min(1) }) }),
});
const finishSchema = z.object({
  header: z.object({ action: z.literal('finish-task'), task_id: z.string(), streaming: z.literal('duplex') }),
  payload: z.object({ input: z.object({}) }),
});

/** The audio the stand-in "synthesises" for a text: a tone whose pitch depends on the text. */
function fakeSpeech(text: string): Int16Array {
  const pcm = new Int16Array(Math.round(TTS_SAMPLE_RATE * 0.6));
  const hz = 200 + text.length * 10;
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(9000 * Math.sin((2 * Math.PI * hz * i) / TTS_SAMPLE_RATE));
  return pcm;
}

interface Session {
  authorization: string | undefined;
  actions: string[];
  run?: z.infer<typeof runTaskSchema>;
  closed: Promise<void>;
}

/** A stand-in DashScope inference socket speaking the CosyVoice duplex protocol. */
function startDashScope(): Promise<{ server: Server; url: string; sessions: Session[] }> {
  const sessions: Session[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer();
  server.on('upgrade', (req, socket, head) => {
    if (req.headers.authorization !== `Bearer ${GOOD_KEY}`) {
      socket.end(
        'HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: 27\r\n\r\n{"code":"InvalidApiKey"}   ',
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, req.headers.authorization));
  });
  const event = (
    ws: WebSocket,
    taskId: string,
    name: string,
    extra: Record<string, unknown> = {},
    payload: unknown = {},
  ) =>
    ws.send(JSON.stringify({ header: { task_id: taskId, event: name, attributes: {}, ...extra }, payload }));
  function serve(ws: WebSocket, authorization: string | undefined) {
    let onClose = () => {};
    const session: Session = { authorization, actions: [], closed: new Promise<void>((r) => (onClose = r)) };
    sessions.push(session);
    ws.on('close', () => onClose());
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003);
      const message: unknown = JSON.parse(String(data));
      const action = z.object({ header: z.object({ action: z.string() }) }).parse(message).header.action;
      session.actions.push(action);
      if (!session.run) {
        const run = runTaskSchema.safeParse(message);
        if (!run.success)
          return event(ws, 'unknown', 'task-failed', {
            error_code: 'InvalidParameter',
            error_message: 'expected run-task first',
          });
        session.run = run.data;
        return event(ws, run.data.header.task_id, 'task-started');
      }
      const taskId = session.run.header.task_id;
      const more = continueSchema.safeParse(message);
      if (more.success && more.data.header.task_id === taskId) {
        const text = more.data.payload.input.text;
        if (text.includes('FAIL')) {
          return event(ws, taskId, 'task-failed', {
            error_code: 'InvalidParameter',
            error_message: 'text contains an unsupported character',
          });
        }
        event(
          ws,
          taskId,
          'result-generated',
          {},
          { output: { type: 'sentence-begin', sentence: { index: 0, words: [] } } },
        );
        const bytes = pcmToBytes(fakeSpeech(text));
        // Frames cut at odd offsets, as a network may deliver them.
        for (const [from, to] of [
          [0, 1001],
          [1001, 9001],
          [9001, bytes.length],
        ] as const) {
          event(ws, taskId, 'result-generated', {}, { output: { type: 'sentence-synthesis' } });
          ws.send(bytes.subarray(from, to), { binary: true });
        }
        return event(
          ws,
          taskId,
          'result-generated',
          {},
          { output: { type: 'sentence-end' }, usage: { characters: text.length } },
        );
      }
      const finish = finishSchema.safeParse(message);
      if (finish.success && finish.data.header.task_id === taskId) return event(ws, taskId, 'task-finished');
      event(ws, taskId, 'task-failed', {
        error_code: 'InvalidParameter',
        error_message: 'unexpected message',
      });
    });
  }
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `ws://127.0.0.1:${port}/api-ws/v1/inference/`, sessions });
    });
  });
}

async function collect(stream: AsyncIterable<Int16Array>): Promise<Int16Array[]> {
  const chunks: Int16Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('CosyVoice engine against a stand-in DashScope socket', () => {
  let dash: Awaited<ReturnType<typeof startDashScope>>;
  beforeAll(async () => {
    dash = await startDashScope();
  });
  afterAll(() => new Promise<void>((resolve) => dash.server.close(() => resolve())));

  const engine = (apiKey: string | undefined = GOOD_KEY) =>
    new CosyVoiceEngine({
      apiKey,
      url: dash.url,
      model: 'cosyvoice-v3-flash',
      voice: 'longxiaochun_v2',
      idleTimeoutMs: 5000,
    });

  it('runs run-task, continue-task, finish-task and streams the binary PCM frames', async () => {
    const chunks = await collect(engine().synthesize('你好，世界', { rate: 1.2 }));
    const session = dash.sessions.at(-1);
    expect(session?.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(session?.actions).toEqual(['run-task', 'continue-task', 'finish-task']);
    expect(session?.run?.payload).toMatchObject({
      model: 'cosyvoice-v3-flash',
      parameters: { voice: 'longxiaochun_v2', format: 'pcm', sample_rate: 22050, rate: 1.2 },
    });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(Array.from(concatPcm(chunks))).toEqual(Array.from(fakeSpeech('你好，世界')));
    await session?.closed;
  });

  it('passes a task-failed error code and message on', async () => {
    const failure = collect(engine().synthesize('FAIL here'));
    await expect(failure).rejects.toThrow(/InvalidParameter: text contains an unsupported character/);
    await expect(failure).rejects.toBeInstanceOf(TtsError);
    await expect(failure).rejects.toMatchObject({ code: 'InvalidParameter' });
  });

  it('says clearly when the key is refused at the handshake', async () => {
    const refused = collect(engine('sk-wrong').synthesize('你好'));
    await expect(refused).rejects.toThrow('DashScope rejected the API key (HTTP 401)');
    await expect(refused).rejects.toMatchObject({ code: 'not_authenticated' });
  });

  it('is not ready and fails clearly without a key', async () => {
    expect(await engine('').ready()).toEqual({ ready: false, detail: 'DASHSCOPE_API_KEY is not set' });
    await expect(collect(engine('').synthesize('你好'))).rejects.toThrow(/needs DASHSCOPE_API_KEY/);
  });

  it('closes the vendor socket when the consumer stops early', async () => {
    for await (const chunk of engine().synthesize('早点停下')) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    await dash.sessions.at(-1)?.closed;
    expect(dash.sessions.at(-1)?.actions[0]).toBe('run-task');
  });

  it('names itself after the model so caches never mix models', () => {
    expect(engine().name).toBe('cosyvoice:cosyvoice-v3-flash');
    expect(engine().voice).toBe('longxiaochun_v2');
  });
});

/**
 * A local server speaking DashScope's realtime ASR protocol as documented (shared guide,
 * protocols.md), for tests and the benchmark: Bearer auth on the handshake (401 otherwise),
 * run-task → task-started, binary audio, finish-task → result-generated … task-finished, and
 * task-failed for a malformed task. Its answers are computed from the audio it received.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import { z } from 'zod';
import { bytesToInt16 } from '../audio.js';
import { listenLocal } from './listen.js';
import { describeAudio } from './tone.js';

export type DashScopeBehaviour =
  | 'normal'
  /** Sends task-failed after the first audio frame. */
  | 'fail-on-audio'
  /** Never answers run-task. */
  | 'silent-start'
  /** Never answers finish-task. */
  | 'silent-finish'
  /** Cuts the connection (no close frame) after the first audio frame. */
  | 'drop-on-audio'
  /** Answers the first audio frame with a frame that is not JSON, then one of the wrong shape. */
  | 'malformed';

export type Received = { kind: 'text'; json: unknown } | { kind: 'binary'; bytes: number };

export interface DashScopeConnection {
  headers: Record<string, string | string[] | undefined>;
  received: Received[];
}

export interface DashScopeStandIn {
  url: string;
  connections: DashScopeConnection[];
  behaviour: DashScopeBehaviour;
  close(): Promise<void>;
}

const runTaskSchema = z.object({
  header: z.object({
    action: z.literal('run-task'),
    task_id: z.string().min(1),
    streaming: z.literal('duplex'),
  }),
  payload: z.object({
    task_group: z.literal('audio'),
    task: z.literal('asr'),
    function: z.literal('recognition'),
    model: z.string().min(1),
    parameters: z.object({
      format: z.literal('pcm'),
      sample_rate: z.literal(16000),
      language_hints: z.array(z.string()).optional(),
    }),
    input: z.object({}),
  }),
});
const finishTaskSchema = z.object({
  header: z.object({ action: z.literal('finish-task'), task_id: z.string(), streaming: z.literal('duplex') }),
  payload: z.object({ input: z.object({}) }),
});

const BYTES_PER_SECOND = 32000;

function event(
  taskId: string,
  name: string,
  extra: Record<string, unknown> = {},
  payload: unknown = {},
): string {
  return JSON.stringify({ header: { task_id: taskId, event: name, attributes: {}, ...extra }, payload });
}

function sentence(text: string, end: boolean, heartbeat = false) {
  return {
    output: {
      sentence: { begin_time: 0, end_time: end ? 1 : null, text, sentence_end: end, heartbeat, words: [] },
    },
    usage: null,
  };
}

/** Starts the stand-in on a free local port. */
export async function startDashScopeStandIn(
  apiKey: string,
  behaviour: DashScopeBehaviour = 'normal',
): Promise<DashScopeStandIn> {
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer((_req, res) => res.writeHead(404).end());
  const standIn: DashScopeStandIn = { url: '', connections: [], behaviour, close: async () => undefined };

  server.on('upgrade', (req, socket, head) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      socket.end(
        'HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"code":"InvalidApiKey"}',
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, { headers: req.headers, received: [] }));
  });

  function serve(ws: WebSocket, connection: DashScopeConnection): void {
    standIn.connections.push(connection);
    let taskId = '';
    const audio: Buffer[] = [];
    let bytes = 0;
    let seconds = 0;
    ws.on('message', (data, isBinary) => {
      const buf = Buffer.isBuffer(data) ? data : Buffer.from(String(data));
      if (isBinary) {
        connection.received.push({ kind: 'binary', bytes: buf.length });
        if (!taskId) return ws.close(1002, 'audio before run-task');
        audio.push(buf);
        bytes += buf.length;
        if (standIn.behaviour === 'drop-on-audio') return ws.terminate();
        if (standIn.behaviour === 'malformed') {
          ws.send('<html>502 Bad Gateway</html>');
          ws.send(JSON.stringify({ header: { event: 42 }, payload: 'x' }));
          return;
        }
        if (standIn.behaviour === 'fail-on-audio') {
          ws.send(
            event(taskId, 'task-failed', { error_code: 'ClientError', error_message: 'audio is not valid' }),
          );
          return ws.close(1000);
        }
        ws.send(event(taskId, 'result-generated', {}, sentence('', false, true)));
        // A sentence ends at each whole second of audio, as a real recogniser ends sentences at pauses.
        while (Math.floor(bytes / BYTES_PER_SECOND) > seconds) {
          seconds++;
          ws.send(event(taskId, 'result-generated', {}, sentence(`第${seconds}秒。`, true)));
        }
        ws.send(event(taskId, 'result-generated', {}, sentence(`收到${bytes}字节`, false)));
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(buf.toString('utf8'));
      } catch {
        json = null;
      }
      connection.received.push({ kind: 'text', json });
      const run = runTaskSchema.safeParse(json);
      if (run.success) {
        taskId = run.data.header.task_id;
        if (standIn.behaviour !== 'silent-start') ws.send(event(taskId, 'task-started'));
        return;
      }
      const finish = finishTaskSchema.safeParse(json);
      if (finish.success && finish.data.header.task_id === taskId) {
        if (standIn.behaviour === 'silent-finish') return;
        const pcm = bytesToInt16(Buffer.concat(audio));
        ws.send(event(taskId, 'result-generated', {}, sentence(`${describeAudio(pcm, 16000)}。`, true)));
        ws.send(
          event(
            taskId,
            'task-finished',
            {},
            { output: {}, usage: { duration: Math.round(pcm.length / 16000) } },
          ),
        );
        return;
      }
      ws.send(
        event(taskId || 'unknown', 'task-failed', {
          error_code: 'InvalidParameter',
          error_message: 'task message is not valid',
        }),
      );
      ws.close(1000);
    });
  }

  const port = await listenLocal(server);
  standIn.url = `ws://127.0.0.1:${port}/api-ws/v1/inference/`;
  standIn.close = async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}

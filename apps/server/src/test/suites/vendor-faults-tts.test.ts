import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { signUp } from '../accounts.js';
import { createTestApp, testDriver } from '../app.js';
import type { TestApp } from '../app.js';
import { report } from './roles.js';

// Decision 028: the vendor synthesiser (CosyVoice on DashScope's socket) hangs, refuses the handshake,
// drops the connection mid-audio, answers malformed frames or fails the task. The learner gets a
// clear catalogue error within TTS_TIMEOUT_MS, half an answer is never cached as if it were whole,
// the server stays healthy and synthesises again once the vendor is back.
const FAULTS = [
  'silent-start',
  'handshake-503',
  'drop-mid-audio',
  'malformed',
  'task-failed',
  'normal',
] as const;
type Fault = (typeof FAULTS)[number];
const KEY = 'sk-tts-faults';

function faultySynthesiser(state: { fault: Fault; connections: number }) {
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer();
  server.on('upgrade', (req, socket, head) => {
    state.connections++;
    if (state.fault === 'handshake-503') {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws));
  });
  const event = (ws: WebSocket, taskId: string, name: string, extra: Record<string, unknown> = {}) =>
    ws.send(
      JSON.stringify({ header: { task_id: taskId, event: name, attributes: {}, ...extra }, payload: {} }),
    );
  function serve(ws: WebSocket) {
    let taskId = '';
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { header: { action: string; task_id: string } };
      const { action } = message.header;
      if (action === 'run-task') {
        taskId = message.header.task_id;
        if (state.fault !== 'silent-start') event(ws, taskId, 'task-started');
        return;
      }
      if (action !== 'continue-task') {
        if (action === 'finish-task' && state.fault === 'normal') event(ws, taskId, 'task-finished');
        return;
      }
      const pcm = Buffer.alloc(22_050); // half a second of 22.05 kHz 16-bit audio
      for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin(i / 10)), i * 2);
      switch (state.fault) {
        case 'drop-mid-audio':
          ws.send(pcm.subarray(0, 4000), { binary: true });
          return ws.terminate();
        case 'malformed':
          ws.send(pcm.subarray(0, 4000), { binary: true });
          return ws.send('<html>502 Bad Gateway</html>');
        case 'task-failed':
          return event(ws, taskId, 'task-failed', {
            error_code: 'InternalError',
            error_message: 'synthesis failed',
          });
        default:
          ws.send(pcm, { binary: true });
      }
    });
  }
  return { server, wss };
}

describe(`vendor faults of the synthesiser on ${testDriver}`, () => {
  const state: { fault: Fault; connections: number } = { fault: 'normal', connections: 0 };
  const { server, wss } = faultySynthesiser(state);
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({
      TTS_ENGINE: 'cosyvoice',
      DASHSCOPE_API_KEY: KEY,
      DASHSCOPE_WS_URL: `ws://127.0.0.1:${port}/api-ws/v1/inference/`,
      TTS_TIMEOUT_MS: '500',
      DATA_DIR: `/tmp/kouyu-tts-faults-${process.pid}-${Date.now()}`,
    });
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
    for (const client of wss.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers each fault with a clear error in time, caches no half answer, and recovers', async () => {
    const seen: string[] = [];
    // One text for every fault: a half answer cached by one fault would be served by the next try.
    const text = '今天天气很好';
    const speak = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/speak?text=${encodeURIComponent(text)}&format=json&token=${token}`,
      });
    for (const fault of FAULTS) {
      state.fault = fault;
      const connections = state.connections;
      const started = Date.now();
      const res = await speak();
      const body = res.json<{ success: boolean; code?: string; mp3_url?: string }>();
      if (fault === 'normal') {
        expect(res.statusCode, fault).toBe(200);
        expect(body.mp3_url, fault).toMatch(/audio\.mp3$/);
      } else {
        expect(res.statusCode, `${fault}: ${res.body}`).toBeGreaterThanOrEqual(502);
        expect(res.statusCode, fault).toBeLessThanOrEqual(504);
        expect(body.success, fault).toBe(false);
        expect(['tts_failed', 'service_unavailable'], fault).toContain(body.code);
      }
      // A silent vendor costs the configured timeout, not the default 15 s.
      expect(Date.now() - started, fault).toBeLessThan(5000);
      // One connection per request: no retry storm against a failing vendor.
      expect(state.connections - connections, fault).toBe(1);
      seen.push(`${fault} → ${res.statusCode} ${body.code ?? 'audio'}`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    report(
      `vendor faults: ${FAULTS.length - 1} faults of the synthesiser, each a clear error, then audio again: ${seen.join('; ')}`,
    );
  }, 60_000);
});

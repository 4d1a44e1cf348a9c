/**
 * A rolling restart loses no answer: the BUILT server, sent SIGTERM while a feedback socket is being
 * reviewed (by an OpenAI-compatible stand-in that holds its answer), refuses new sockets with 1012
 * `server_restarting`, lets the open one finish and save, then exits 0. Runs once, in the PGlite
 * project (the embedded database); needs `npm run build`.
 */
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer } from './test/built-server.js';
import type { BuiltServer } from './test/built-server.js';
import { RESTART_CLOSE } from './plugins/drain.js';

const ADMIN = { email: 'restart-admin@kouyu.test', password: 'restart-admin-123' };

/** Holds every chat completion until `release`, then streams a structured review. */
function heldModel() {
  const waiting: ServerResponse[] = [];
  let arrived: () => void = () => undefined;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      waiting.push(res);
      arrived();
    });
  });
  return {
    server,
    nextRequest: () =>
      new Promise<void>((resolve) => {
        arrived = resolve;
      }),
    release() {
      const review = JSON.stringify({
        score: 70,
        dimensions: { task: 70 },
        strengths: [],
        tips: [{ dimension: 'task', text: 'Add one more sentence.' }],
        improved_answer: null,
        next_step: 'Say it once more at natural speed.',
      });
      for (const res of waiting.splice(0)) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(
          `data: ${JSON.stringify({ choices: [{ delta: { content: review }, finish_reason: null }] })}\n\n`,
        );
        res.write(`data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\n`);
        res.end('data: [DONE]\n\n');
      }
    },
  };
}

interface SocketEnd {
  frames: string[];
  code: number;
  reason: string;
}

function openSocket(url: string): { ws: WebSocket; ended: Promise<SocketEnd> } {
  const ws = new WebSocket(url);
  const frames: string[] = [];
  ws.on('message', (d) => frames.push(String(d)));
  const ended = new Promise<SocketEnd>((resolve, reject) => {
    ws.on('close', (code, reason) => resolve({ frames, code, reason: String(reason) }));
    ws.on('error', reject);
  });
  return { ws, ended };
}

describe.skipIf(process.env['TEST_DB'] === 'postgres')(
  'graceful restart of the built server',
  { timeout: 120_000 },
  () => {
    const model = heldModel();
    let server: BuiltServer;
    let dataDir = '';

    beforeAll(async () => {
      await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
      const address = model.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-restart-'));
      server = await startBuiltServer(
        {
          NODE_ENV: 'development',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          REDIS_URL: '',
          LOG_LEVEL: 'info',
          AUDIO_PREGENERATE: 'false',
          FEEDBACK_ENGINE: 'llm',
          LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
          SHUTDOWN_GRACE_S: '60',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          OCR_ENGINE: 'none',
          ASR_ENGINE: 'none',
        },
        { timeoutMs: 110_000 },
      );
    }, 150_000);

    afterAll(async () => {
      await server?.stop('SIGKILL');
      await new Promise((resolve) => model.server.close(resolve));
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('finishes the open feedback socket, refuses new ones with 1012, then exits 0', async () => {
      const api = `${server.baseUrl}/api/v1`;
      const login = await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      const list = (await (await fetch(`${api}/tests/level/1`)).json()) as {
        data: { id: number; is_try: boolean }[];
      };
      const tryTest = list.data.find((t) => t.is_try);
      const questions = (await (await fetch(`${api}/tests/${tryTest?.id}/parts/1/questions`)).json()) as {
        data: { questions: { id: number }[] };
      };
      const query = new URLSearchParams({
        question_id: String(questions.data.questions[0]?.id),
        level_id: '1',
        part_id: '1',
        user_answers: '我家有四个人。',
        token,
      });
      const wsUrl = `${server.baseUrl.replace('http', 'ws')}/api/v1/user-test-questions/ws?${query}`;

      const inReview = model.nextRequest();
      const open = openSocket(wsUrl);
      await inReview;

      const exited = server.stop('SIGTERM');
      // The instance says it waits for the open socket once it has begun draining.
      while (!server.output().includes('waiting for open sockets before stopping'))
        await new Promise((r) => setTimeout(r, 50));

      const refused = await openSocket(wsUrl).ended;
      expect(refused.code).toBe(RESTART_CLOSE.code);
      expect(refused.reason).toBe(RESTART_CLOSE.reason);

      model.release();
      const done = await open.ended;
      expect(done.frames.some((f) => /^\{"id":\d+/.test(f))).toBe(true);
      expect(done.code).toBe(1000);
      expect(await exited).toBe(0);
    });
  },
);

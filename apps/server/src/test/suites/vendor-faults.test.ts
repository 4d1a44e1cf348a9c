import net from 'node:net';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tone } from '../../speech/asr/standins/tone.js';
import { encodeWav } from '../../speech/asr/wav.js';
import { signUp } from '../accounts.js';
import { createTestApp, testDriver } from '../app.js';
import type { TestApp } from '../app.js';
import { report } from './roles.js';

// Decision 028: a vendor that hangs, drops the connection mid-answer, answers garbage or a 5xx gives the
// learner a clear error and leaves the server healthy. Here the speech recogniser behind
// POST /audio/transcribe (an OpenAI-compatible server).
const FAULTS = ['hang', 'drop', 'malformed', 'truncated', 'status500', 'status503', 'html'] as const;
type Fault = (typeof FAULTS)[number];

/** A transcription server that fails in the way `fault` says. */
function faultyServer(state: { fault: Fault }): Server {
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      switch (state.fault) {
        case 'hang':
          return; // never answers
        case 'drop':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"text": "收到');
          res.socket?.destroy();
          return;
        case 'malformed':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"txt": 42}');
          return;
        case 'truncated':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          res.end('{"text": "半');
          return;
        case 'status500':
          res.writeHead(500).end('boom');
          return;
        case 'status503':
          res.writeHead(503).end('{"error":"overloaded"}');
          return;
        case 'html':
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login page</html>');
      }
    });
  });
}

describe(`vendor faults on ${testDriver}`, () => {
  const state: { fault: Fault } = { fault: 'hang' };
  const server = faultyServer(state);
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      ASR_ENGINE: 'openai',
      OPENAI_ASR_BASE_URL: `http://127.0.0.1:${port}/v1`,
      ASR_TIMEOUT_MS: '1000',
    });
    auth = (await signUp(t.app)).auth;
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers each fault of the recogniser with a clear catalogue error, and stays healthy', async () => {
    const wav = encodeWav(tone(440, 1, 16_000), 16_000);
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'answer.wav');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const headers = { ...auth, 'content-type': request.headers.get('content-type') ?? '' };
    const seen: string[] = [];
    for (const fault of FAULTS) {
      state.fault = fault;
      const started = Date.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/audio/transcribe', payload, headers });
      const body = res.json<{ success: boolean; code: string }>();
      seen.push(`${fault} → ${res.statusCode} ${body.code}`);
      expect(res.statusCode, fault).toBeGreaterThanOrEqual(502);
      expect(res.statusCode, fault).toBeLessThanOrEqual(504);
      expect(body.success, fault).toBe(false);
      expect(['transcription_failed', 'asr_unavailable'], fault).toContain(body.code);
      // A hanging vendor costs the learner the configured timeout, not more.
      expect(Date.now() - started, fault).toBeLessThan(5000);
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    report(
      `vendor faults: ${FAULTS.length} faults of the speech recogniser, each a clear error: ${seen.join('; ')}`,
    );
  }, 60_000);

  it('a mail server that is down gives registration a clear 503, and the code is not left on cooldown', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const register = () =>
        down.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { email: 'mail-down@example.org', password: 'secret-123' },
        });
      const first = await register();
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({ success: false, code: 'service_unavailable' });
      // Trying again at once is not refused by a cooldown for the mail that never went out.
      expect((await register()).statusCode).toBe(503);
      report('vendor faults: the mail server refusing connections gives 503 service_unavailable');
    } finally {
      await down.close();
    }
  });
  it('a mail server that accepts and then says nothing fails the mail within SMTP_TIMEOUT_MS, not minutes', async () => {
    // A TCP server that takes the connection and never greets, as a hung mail server does.
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const hung = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_TIMEOUT_MS: '500' });
    try {
      const res = await hung.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: 'mail-hung@example.org', password: 'secret-123' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'service_unavailable' });
      report('vendor faults: a mail server that hangs gives 503 service_unavailable after SMTP_TIMEOUT_MS');
    } finally {
      await hung.close();
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });
});

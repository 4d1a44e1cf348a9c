import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionsSchema, resultsListSchema, testListSchema } from '@kouyu/core';
import { buildApp } from '../app.js';
import { REPLAY_ACCOUNTS_FOR } from './answer-replay.js';
import { signAccessToken } from '../accounts/tokens.js';
import { createTestApp, openTestDatabase, testConfig, testDriver } from '../test/app.js';
import { signUp } from '../test/accounts.js';
import { seedHskk, setPlus } from '../test/speaking.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const ORIGIN = 'https://school.example';

/** A plain HTTP GET (no header but those given, Host and Connection), over a real socket. */
function get(
  port: number,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that differ on every answer by design. */
function lasting(headers: http.IncomingHttpHeaders) {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

async function startApp(overrides: Record<string, string>, logStream?: { write(line: string): void }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-replay-'));
  const database = await openTestDatabase();
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, CORS_ORIGINS: ORIGIN, ...overrides }),
    database,
    webDist: null,
    kvPrefix: `kouyu-test:${randomBytes(4).toString('hex')}:`,
    ...(logStream ? { logStream } : { logger: false }),
  });
  await seedHskk(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    port,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Plugins we do not own, known by what their anonymous hooks do. */
const PLUGIN_HOOKS: readonly (readonly [string, string])[] = [
  ['@fastify/websocket', 'request.ws'],
  ['@fastify/multipart', 'kResponseEnded'],
  ['@fastify/multipart', 'cleanRequestFiles'],
];

/** The name of an app-wide hook: its own, or the plugin's it comes from. */
function hookName(hook: unknown): string {
  if (typeof hook !== 'function') return 'not a function';
  if (hook.name) return hook.name;
  const source = String(hook);
  return PLUGIN_HOOKS.find(([, sign]) => source.includes(sign))?.[0] ?? `unnamed: ${source.slice(0, 80)}`;
}

describe('the replay and the app-wide hooks', () => {
  // The framework keeps its hooks under a symbol of its own (no public listing): the test reads them,
  // so that a hook added to the app without saying how the replay keeps it fails here.
  it('accounts for every app-wide hook of the framework path', { timeout: 120_000 }, async () => {
    const t = await createTestApp();
    try {
      await t.app.ready();
      const symbol = Object.getOwnPropertySymbols(t.app).find((s) => s.description === 'fastify.hooks');
      const hooks: unknown = symbol ? Reflect.get(t.app, symbol) : undefined;
      expect(hooks).toBeTypeOf('object');
      const phases = [
        'onRequest',
        'preParsing',
        'preValidation',
        'preHandler',
        'preSerialization',
        'onSend',
        'onResponse',
      ];
      const names = phases.flatMap((phase) => {
        const list: unknown = hooks && typeof hooks === 'object' ? Reflect.get(hooks, phase) : [];
        return Array.isArray(list) ? list.map(hookName) : [];
      });
      // Every hook of ours is there, and nothing is there that the replay does not account for.
      for (const own of [
        'uploadGuard',
        'securityHeaders',
        'corsHeaders',
        'apiLimit',
        'textGuard',
        'requestIdHeader',
      ])
        expect(names).toContain(own);
      expect(names.filter((n) => !(n in REPLAY_ACCOUNTS_FOR))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe(`answer replay on ${testDriver}`, () => {
  let t: Awaited<ReturnType<typeof startApp>>;
  const lines: string[] = [];
  const replayed = () => t.app.answerReplay.replayed;
  const list = '/api/v1/tests/level/1';

  beforeAll(async () => {
    t = await startApp(
      { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '10000' },
      { write: (l) => lines.push(l) },
    );
  });
  afterAll(async () => t.close());

  it('answers a repeated guest read itself, with the status, headers and bytes the framework sent', async () => {
    const first = await get(t.port, list);
    const before = replayed();
    const second = await get(t.port, list);
    expect(replayed()).toBe(before + 1);
    expect(second.status).toBe(200);
    expect(lasting(second.headers)).toEqual(lasting(first.headers));
    expect(second.body.equals(first.body)).toBe(true);
    expect(testListSchema.parse(JSON.parse(second.body.toString())).guest_access).toBe(true);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['cache-control']).toBe('public, max-age=60');

    // The gzipped answer is kept apart from the plain one, under its own Accept-Encoding.
    const zipped = { 'accept-encoding': 'gzip, deflate' };
    const firstZipped = await get(t.port, list, zipped);
    const secondZipped = await get(t.port, list, zipped);
    expect(replayed()).toBe(before + 2);
    expect(secondZipped.headers['content-encoding']).toBe('gzip');
    expect(lasting(secondZipped.headers)).toEqual(lasting(firstZipped.headers));
    expect(gunzipSync(secondZipped.body).equals(first.body)).toBe(true);

    // Another query is another answer, made by the framework first.
    const zh = await get(t.port, `${list}?language=zh`);
    expect(replayed()).toBe(before + 2);
    expect(zh.body.equals(first.body)).toBe(false);
  });

  it('writes the two request log lines the framework writes, under the id it sent', async () => {
    await get(t.port, list);
    const before = replayed();
    const answer = await get(t.port, list, { 'x-request-id': 'proxy-id-42' });
    expect(replayed()).toBe(before + 1);
    expect(answer.headers['x-request-id']).toBe('proxy-id-42');
    const logged = lines
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; req?: unknown; res?: unknown })
      .filter((l) => l.reqId === 'proxy-id-42');
    expect(logged.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged[0]?.req).toEqual({ method: 'GET', url: list, remoteAddress: '127.0.0.1' });
    expect(logged[1]?.res).toEqual({ statusCode: 200 });
  });

  it('leaves to the framework a request from another origin, a conditional one, a HEAD and a route with its own limit', async () => {
    const plain = await get(t.port, list);
    await get(t.port, list);
    const before = replayed();
    const cross = await get(t.port, list, { origin: ORIGIN });
    expect(cross.headers['access-control-allow-origin']).toBe(ORIGIN);
    const again = await get(t.port, list, { 'if-none-match': String(plain.headers['etag']) });
    expect(again.status).toBe(304);
    const head = await get(t.port, list, {}, 'HEAD');
    expect(head.status).toBe(200);
    // Question loading has a stricter limit of its own, counted by the framework's limit plugin.
    const questions = '/api/v1/tests/101/parts/1/questions';
    for (let i = 0; i < 3; i++) expect((await get(t.port, questions)).status).toBe(200);
    expect(replayed()).toBe(before);
  });

  it('replays a signed-in reader’s answer only while their token holds and their row is unchanged', async () => {
    const learner = await signUp(t.app);
    const auth = learner.auth;
    const first = await get(t.port, list, auth);
    expect(first.status).toBe(200);
    const before = replayed();
    const second = await get(t.port, list, auth);
    expect(replayed()).toBe(before + 1);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.body.equals(first.body)).toBe(true);
    // The learner switches to Chinese: the very next list (no language asked) is in Chinese.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user',
      headers: auth,
      payload: { language: 'zh' },
    });
    expect(patched.statusCode).toBe(200);
    const zh = await get(t.port, list, auth);
    expect(replayed()).toBe(before + 1);
    expect(zh.body.equals(first.body)).toBe(false);
    expect(zh.body.equals((await get(t.port, `${list}?language=zh`, auth)).body)).toBe(true);
    // A guest's copy of the same URL is never given to a reader with a token, nor the reverse.
    const guest = await get(t.port, list);
    expect(testListSchema.parse(JSON.parse(guest.body.toString())).guest_access).toBe(true);
  });

  it('hands a token of an ended session to the framework, which refuses it', async () => {
    const learner = await signUp(t.app);
    expect((await get(t.port, list, learner.auth)).status).toBe(200);
    const before = replayed();
    expect((await get(t.port, list, learner.auth)).status).toBe(200);
    expect(replayed()).toBe(before + 1);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: learner.auth });
    expect(out.statusCode).toBe(200);
    const late = await get(t.port, list, learner.auth);
    expect(late.status).toBe(401);
    expect(replayed()).toBe(before + 1);
  });

  it('hands an expired token to the framework, which refuses it', async () => {
    const learner = await signUp(t.app);
    const token = await signAccessToken(t.app.config.jwtSecret, { userId: learner.user.id, admin: false }, 1);
    const auth = { authorization: `Bearer ${token}` };
    expect((await get(t.port, list, auth)).status).toBe(200);
    const before = replayed();
    expect((await get(t.port, list, auth)).status).toBe(200);
    expect(replayed()).toBe(before + 1);
    // `exp` is in whole seconds: wait until it has certainly passed.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await get(t.port, list, auth);
    expect(late.status).toBe(401);
    expect(JSON.parse(late.body.toString())).toMatchObject({ code: 'token_expired' });
    expect(replayed()).toBe(before + 1);
  });

  it('gives a learner a new result and a lapsed membership at once', async () => {
    const learner = await signUp(t.app);
    await setPlus(t.app, learner.user.id, 30);
    const auth = learner.auth;
    const results = '/api/v1/user-test-questions';
    const count = async () =>
      resultsListSchema.parse(JSON.parse((await get(t.port, results, auth)).body.toString())).data.length;
    expect(await count()).toBe(0);
    const before = replayed();
    expect(await count()).toBe(0);
    // Learners' pages are kept (and so replayed) on the embedded database only.
    expect(replayed()).toBe(testDriver === 'pglite' ? before + 1 : before);
    const part = questionsSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/tests/102/parts/1/questions', headers: auth })
      ).json(),
    );
    const question = part.data.questions[0];
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions',
      headers: auth,
      payload: {
        test_id: 102,
        level_id: 1,
        part_id: 1,
        is_full_test: false,
        completed_time: 30,
        answers: [{ question_id: question?.id ?? 0, question_number: 1, user_answers: '你好' }],
      },
    });
    expect(submit.statusCode).toBe(201);
    expect(await count()).toBe(1);
    await setPlus(t.app, learner.user.id, -1);
    const replayedBefore = replayed();
    expect(await count()).toBe(1);
    expect(replayed()).toBe(replayedBefore);
  });
});

describe(`answer replay and the API limit on ${testDriver}`, () => {
  let t: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    t = await startApp({ RATE_LIMIT_PER_MINUTE: '4', TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  it('counts the answers it replays in the same limit, per address behind the proxy, and the refusal is the framework’s', async () => {
    const app: FastifyInstance = t.app;
    const list = '/api/v1/tests/level/2';
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(t.port, list, from('203.0.113.7'))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(app.answerReplay.replayed).toBe(3);
    const refused = await get(t.port, list, from('203.0.113.7'));
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.headers['x-ratelimit-limit']).toBe('4');
    expect(JSON.parse(refused.body.toString())).toMatchObject({ code: 'rate_limited' });
    // Another learner behind the same proxy has a count of their own, and is answered from the copy.
    expect((await get(t.port, list, from('203.0.113.8'))).status).toBe(200);
    expect(app.answerReplay.replayed).toBe(4);
  });
});

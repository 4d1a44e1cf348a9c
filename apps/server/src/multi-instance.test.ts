/**
 * Two instances of the BUILT server (`apps/server/dist/server.js`) on two ports behind no balancer,
 * sharing one fresh PostgreSQL database, one Redis (under a prefix of their own) and one S3-compatible
 * bucket (s3rver, in this process), each with a DATA_DIR of its own: what one instance writes or
 * counts, the other must see. Runs in the server-postgres project (DATABASE_URL and
 * REDIS_URL set, as in CI); needs `npm run build`.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer } from './test/built-server.js';
import type { BuiltServer } from './test/built-server.js';

const DATABASE_URL = process.env['DATABASE_URL'];
const REDIS_URL = process.env['REDIS_URL'];
const enabled = process.env['TEST_DB'] === 'postgres' && Boolean(DATABASE_URL && REDIS_URL);
const ADMIN = { email: 'multi-admin@kouyu.test', password: 'multi-admin-123' };

let ip = 0;
/** A client address of its own per check (the instances trust X-Forwarded-For like behind a proxy). */
function address(): string {
  ip += 1;
  return `198.51.100.${ip}`;
}

describe.skipIf(!enabled)('two instances behind one database and Redis', { timeout: 120_000 }, () => {
  const dbName = `kouyu_multi_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let dbUrl = '';
  let dataDir = '';
  let s3: S3rver;
  let a: BuiltServer;
  let b: BuiltServer;

  async function call(server: BuiltServer, url: string, init: RequestInit & { from?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', init.from ?? '203.0.113.1');
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`${server.baseUrl}/api/v1${url}`, { ...init, headers });
  }

  async function lastCode(email: string): Promise<string> {
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ text: string }>(
        'select text from mail_outbox where "to" = $1 order by id desc limit 1',
        [email],
      );
      const code = /\b(\d{6})\b/.exec(rows[0]?.text ?? '')?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    } finally {
      await db.end();
    }
  }

  async function signIn(server: BuiltServer, email: string, password: string): Promise<string> {
    const res = await call(server, '/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
      from: address(),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const u = new URL(DATABASE_URL ?? '');
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-multi-'));
    for (const dir of ['a', 'b', 's3']) mkdirSync(path.join(dataDir, dir));
    // The bucket both instances share, as MinIO would be in compose (s3rver's one account: S3RVER).
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dataDir, 's3'),
      configureBuckets: [{ name: 'kouyu', configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl,
      REDIS_URL: REDIS_URL ?? '',
      REDIS_PREFIX: `${dbName}:`,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: 'kouyu',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      JWT_SECRET: 'multi-instance-secret-multi-instance-secret',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '40',
      CONTACT_COOLDOWN_S: '600',
      AUDIO_PREGENERATE: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OCR_ENGINE: 'none',
      ASR_ENGINE: 'none',
      SMTP_URL: '',
    };
    // One after the other, as a rolling deploy starts them: the first migrates and seeds.
    a = await startBuiltServer({ ...env, DATA_DIR: path.join(dataDir, 'a') }, { timeoutMs: 110_000 });
    b = await startBuiltServer({ ...env, DATA_DIR: path.join(dataDir, 'b') }, { timeoutMs: 110_000 });
  }, 240_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await s3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
  }, 60_000);

  it('registers on one instance and signs in on the other', async () => {
    const email = `multi-${Date.now()}@example.org`;
    const reg = await call(a, '/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'secret-123' }),
      from: address(),
    });
    expect(reg.status).toBe(201);
    const verify = await call(b, '/auth/verify-email', {
      method: 'POST',
      body: JSON.stringify({ email, code: await lastCode(email) }),
      from: address(),
    });
    expect(verify.status).toBe(200);
    const token = await signIn(a, email, 'secret-123');
    const me = await call(b, '/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it('counts one rate limit and one cooldown across both', async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 44; i++) {
      const res = await call(i % 2 ? a : b, '/vocabulary/levels', { from });
      statuses.push(res.status);
    }
    // 40 a minute per address in all: 20 on each instance would never reach a per-instance limit.
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual([429, 429, 429, 429]);

    const token = await signIn(a, ADMIN.email, ADMIN.password);
    const auth = { authorization: `Bearer ${token}` };
    const message = JSON.stringify({ message: 'The listening part helps me a lot, thank you.' });
    const first = await call(a, '/contacts', {
      method: 'POST',
      headers: auth,
      body: message,
      from: address(),
    });
    expect(first.status).toBe(201);
    const second = await call(b, '/contacts', {
      method: 'POST',
      headers: auth,
      body: message,
      from: address(),
    });
    expect(second.status).toBe(429);
    expect(((await second.json()) as { code: string }).code).toBe('feedback_cooldown');
  });

  it('consumes on one instance a feedback session prepared on the other, once', async () => {
    const token = await signIn(b, ADMIN.email, ADMIN.password);
    const list = (await (await call(a, '/tests/level/1', { from: address() })).json()) as {
      data: { id: number; is_try: boolean }[];
    };
    const tryTest = list.data.find((t) => t.is_try);
    expect(tryTest).toBeDefined();
    const questions = (await (
      await call(a, `/tests/${tryTest?.id}/parts/1/questions`, { from: address() })
    ).json()) as { data: { questions: { id: number; audio_url: string | null }[] } };
    const question = questions.data.questions[0];
    const prepared = await call(a, '/user-test-questions/prepare-ws', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({
        question_id: question?.id,
        level_id: 1,
        part_id: 1,
        user_answers: '我喜欢学习中文',
      }),
      from: address(),
    });
    expect(prepared.status).toBe(200);
    const { session_id } = (await prepared.json()) as { session_id: string };
    const open = (server: BuiltServer) =>
      new Promise<{ frames: string[]; code: number }>((resolve, reject) => {
        const ws = new WebSocket(
          `${server.baseUrl.replace('http', 'ws')}/api/v1/user-test-questions/ws?session_id=${session_id}`,
        );
        const frames: string[] = [];
        ws.on('message', (d) => frames.push(String(d)));
        ws.on('close', (code) => resolve({ frames, code }));
        ws.on('error', reject);
      });
    const used = await open(b);
    expect(used.frames.some((f) => /^\{"id":\d+/.test(f))).toBe(true);
    const again = await open(a);
    expect(again.frames.join('')).toContain('feedback_session_expired');
  });

  it('serves from one instance the audio the other synthesised', async () => {
    const list = (await (await call(b, '/tests/level/1', { from: address() })).json()) as {
      data: { id: number; is_try: boolean }[];
    };
    const tryTest = list.data.find((t) => t.is_try);
    const res = await call(a, `/tests/${tryTest?.id}/parts/1/questions`, { from: address() });
    const body = (await res.json()) as { data: { questions: { audio_url: string | null }[] } };
    const url = body.data.questions.find((q) => q.audio_url)?.audio_url;
    expect(url).toBeTruthy();
    const audio = await fetch(new URL(url ?? '', b.baseUrl), { headers: { 'x-forwarded-for': address() } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/audio\/mpeg/);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Through the bucket, not a shared disk: neither instance keeps audio in its own DATA_DIR.
    expect(readdirSync(path.join(dataDir, 's3', 'kouyu'), { recursive: true }).length).toBeGreaterThan(0);
    for (const own of ['a', 'b']) expect(readdirSync(path.join(dataDir, own))).not.toContain('audio');
  });

  it('lets a redeem code be used once across both', async () => {
    const adminToken = await signIn(a, ADMIN.email, ADMIN.password);
    const created = await call(a, '/admin/redeem-codes', {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ days: 7, count: 1 }),
      from: address(),
    });
    expect(created.status).toBe(201);
    const [code] = ((await created.json()) as { codes: string[] }).codes;
    const users = await Promise.all(
      ['one', 'two'].map(async (tag) => {
        const email = `redeem-${tag}-${Date.now()}@example.org`;
        await call(a, '/auth/register', {
          method: 'POST',
          body: JSON.stringify({ email, password: 'secret-123' }),
          from: address(),
        });
        const v = await call(a, '/auth/verify-email', {
          method: 'POST',
          body: JSON.stringify({ email, code: await lastCode(email) }),
          from: address(),
        });
        return ((await v.json()) as { token: string }).token;
      }),
    );
    const tries = await Promise.all(
      [a, b].map((server, i) =>
        call(server, '/membership/redeem', {
          method: 'POST',
          headers: { authorization: `Bearer ${users[i]}` },
          body: JSON.stringify({ code }),
          from: address(),
        }),
      ),
    );
    // Sent at the same moment to the two instances: one wins, the other is refused.
    const statuses = tries.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
  });

  it('runs the background jobs on one instance, not on each', async () => {
    const runs = (job: string) =>
      [a, b].filter((s) => s.output().includes(`"job":"${job}","msg":"background job runs here"`)).length;
    // The first photo sweep comes 5 s after start; both instances have been up longer by now.
    const deadline = Date.now() + 30_000;
    while (runs('upload-sweep') === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(runs('upload-sweep')).toBe(1);
    expect(runs('audio-pregeneration')).toBe(1);
    const left = [a, b].filter((s) =>
      s.output().includes(`"job":"audio-pregeneration","msg":"background job left to another instance"`),
    );
    expect(left).toHaveLength(1);
  });
});

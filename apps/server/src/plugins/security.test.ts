import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { users } from '../db/schema.js';
import type { Database } from '../db/client.js';
import { openTestDatabase, testConfig, testDriver } from '../test/app.js';
import { signUp } from '../test/accounts.js';
import { redactUrl } from './security.js';
import { forgetUser } from '../accounts/user-cache.js';

// Decision 028, defect 7 and the rest of 8: tokens in the log, versions to anyone, sockets to any host,
// HSTS over plain HTTP.
describe(`security headers and logging on ${testDriver}`, () => {
  let database: Database;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      webDist: null,
      logStream: { write: (line: string) => void lines.push(line) },
      kvPrefix: `kouyu-test:security-${Date.now()}:`,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('redacts credentials in query strings and nothing else', () => {
    expect(redactUrl('/api/v1/asr/ws?token=abc.def&lang=zh')).toBe('/api/v1/asr/ws?token=[redacted]&lang=zh');
    expect(redactUrl('/x?a=1&reset_token=zz')).toBe('/x?a=1&reset_token=[redacted]');
    expect(redactUrl('/x?tokens=1')).toBe('/x?tokens=1');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('never writes a token to the log: not from the query string, not from the Authorization header', async () => {
    const user = await signUp(app);
    // The socket routes log at warn only; any route logging its URL must not leak a token either.
    for (const path of ['/api/v1/health', '/api/v1/tts/ws', '/api/v1/no-such-route']) {
      await app.inject({ method: 'GET', url: `${path}?token=${user.token}&x=1` });
    }
    await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: user.auth });
    const log = lines.join('');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(user.token);
    expect(log).not.toContain(user.token.split('.')[2] ?? 'never');
  });

  it('shows the version to admins only', async () => {
    const guest = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(guest.json()).not.toHaveProperty('version');
    const learner = await signUp(app);
    const asLearner = await app.inject({ method: 'GET', url: '/api/v1/health', headers: learner.auth });
    expect(asLearner.json()).not.toHaveProperty('version');
    const forged = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(forged.json()).not.toHaveProperty('version');
    const admin = await signUp(app);
    await database.db.update(users).set({ userLevel: 'admin' }).where(eq(users.id, admin.user.id));
    forgetUser(admin.user.id);
    const asAdmin = await app.inject({ method: 'GET', url: '/api/v1/health', headers: admin.auth });
    expect(asAdmin.json().version).toBe(app.appVersion);
  });

  it('lets the page open sockets to its own host only, and sends no HSTS outside production', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/en',
      headers: { host: 'kouyu.example:8080' },
    });
    const csp = res.headers['content-security-policy'];
    expect(typeof csp).toBe('string');
    const connect = String(csp)
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'));
    expect(connect?.split(/\s+/).slice(1).sort()).toEqual(
      ["'self'", 'ws://kouyu.example:8080', 'wss://kouyu.example:8080'].sort(),
    );
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const api = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(api.headers['strict-transport-security']).toBeUndefined();
  });

  it('in production: HSTS on, plain ws: off', async () => {
    const prod = await buildApp({
      config: testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://kouyu.example' }),
      database,
      webDist: null,
      logger: false,
      kvPrefix: `kouyu-test:security-prod-${Date.now()}:`,
    });
    await prod.ready();
    const res = await prod.inject({
      method: 'GET',
      url: '/en',
      headers: { host: 'evil.example' },
    });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // The API's short header set carries the very same HSTS.
    const api = await prod.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { host: 'evil.example' },
    });
    expect(api.headers['strict-transport-security']).toBe(res.headers['strict-transport-security']);
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' wss://kouyu.example");
    expect(csp).not.toMatch(/ws:\/\/|evil/);
    await prod.close();
  });
});

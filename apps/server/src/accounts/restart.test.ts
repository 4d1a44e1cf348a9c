import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig, testDriver } from '../test/app.js';
import { clientAddress, signUp } from '../test/accounts.js';

// Issue 17, defect 5: without Redis a restart forgot the sign-in delays and the code cooldowns.
describe(`limits across a restart on ${testDriver}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kouyu-restart-'));
  const prefix = `kouyu-restart:${randomBytes(4).toString('hex')}:`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The embedded database in a data directory, as `npm start` runs it: no database handed in.
  const start = async (): Promise<FastifyInstance> => {
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dir }),
      webDist: null,
      logger: false,
      kvPrefix: prefix,
    });
    await app.ready();
    return app;
  };

  it('keeps the sign-in delay and the reset cooldown after the app restarts on the same data', async () => {
    const attacker = clientAddress();
    let app = await start();
    const owner = await signUp(app);
    for (let i = 0; i < app.config.LOGIN_FREE_ATTEMPTS; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: owner.email, password: 'wrong-pass' },
        remoteAddress: attacker,
      });
      expect(res.statusCode).toBe(401);
    }
    const forgot = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: owner.email },
        remoteAddress: clientAddress(),
      });
    expect((await forgot()).statusCode).toBe(200);
    await app.close();

    app = await start();
    expect(app.kv.driver).toBe(app.config.REDIS_URL ? 'redis' : 'database');
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: attacker,
    });
    expect(again.statusCode).toBe(429);
    expect((await forgot()).statusCode).toBe(429);
    await app.close();
  });
});

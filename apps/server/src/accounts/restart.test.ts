import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VERIFICATION_BLOCK_AFTER } from '@kouyu/core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig, testDriver } from '../test/app.js';
import { clientAddress, lastCode, signUp } from '../test/accounts.js';

// Decision 028, defect 5: without Redis a restart forgot the sign-in delays and the code cooldowns.
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

  it('keeps the 24-hour code block and the reset cooldown after the app restarts on the same data', async () => {
    const attacker = clientAddress();
    // The reset cooldown is per e-mail and address (decision 023): the owner asks from one place.
    const home = clientAddress();
    let app = await start();
    const owner = await signUp(app);
    const forgot = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: owner.email },
        remoteAddress: home,
      });
    const guess = (code: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-password-reset-code',
        payload: { email: owner.email, code },
        remoteAddress: attacker,
      });
    expect((await forgot()).statusCode).toBe(200);
    const mailed = await lastCode(app, owner.email);
    const answers: string[] = [];
    for (let i = 0; i < VERIFICATION_BLOCK_AFTER; i++) {
      const code = String(200_000 + i) === mailed ? '999999' : String(200_000 + i);
      answers.push((await guess(code)).json<{ code: string }>().code);
    }
    expect(answers.at(-1)).toBe('max_verification_attempts');
    await app.close();

    app = await start();
    expect(app.kv.driver).toBe(app.config.REDIS_URL ? 'redis' : 'database');
    // Even the right code is refused to the blocked address: the block outlived the restart.
    expect((await guess(mailed)).json<{ code: string }>().code).toBe('max_verification_attempts');
    expect((await forgot()).statusCode).toBe(429);
    await app.close();
  });
});

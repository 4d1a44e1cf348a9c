import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTwoInstances, testDriver } from '../test/app.js';
import { repoRoot } from '../test/built-server.js';
import { email } from '../test/accounts.js';
import { parseProxyTrust, trustFunction } from './proxy-trust.js';

const hasCaddy = spawnSync('caddy', ['version']).status === 0;

// With TRUST_PROXY=true every X-Forwarded-For hop was believed, so a client naming its own address
// passed every per-address limit; and those limits lived in memory, reset by a restart (decision 023).
describe(`client addresses behind a proxy on ${testDriver}`, () => {
  let one: FastifyInstance;
  let two: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ one, two, close } = await createTwoInstances({ TRUST_PROXY: 'true' }));
  });
  afterAll(async () => {
    await close();
  });

  it('reads TRUST_PROXY as no hop, a hop count or trusted addresses', () => {
    expect(parseProxyTrust('false')).toBe(false);
    expect(parseProxyTrust('true')).toBe(1);
    expect(parseProxyTrust('2')).toBe(2);
    expect(parseProxyTrust('10.0.0.0/8, loopback')).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => parseProxyTrust('not-an-address')).toThrow();
    const trust = trustFunction(['10.0.0.0/8']);
    expect(trust && trust('10.1.2.3', 0)).toBe(true);
    expect(trust && trust('203.0.113.9', 1)).toBe(false);
  });

  /** Registrations from one learner (203.0.113.9) behind one proxy hop, each naming another address. */
  const register = (app: FastifyInstance, i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: email('proxied'), password: 'secret-123' },
      remoteAddress: '172.18.0.5',
      headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
    });

  it('counts the address the proxy saw, on every instance, not what the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await register(one, i)).statusCode);
    expect(statuses.every((s) => s === 201)).toBe(true);
    // The other instance (or this one after a restart) reads the same count from the shared store.
    const over = await register(two, 10);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
  });

  describe.skipIf(!hasCaddy)('behind the shipped Caddyfile', () => {
    let caddy: ChildProcess;
    let dir: string;
    let port = 0;
    beforeAll(async () => {
      // A fresh instance with its own counts, behind Caddy run with deploy/Caddyfile.
      await one.listen({ port: 0, host: '127.0.0.1' });
      const address = one.server.address();
      const appPort = typeof address === 'object' && address ? address.port : 0;
      port = 20_000 + Math.floor(Math.random() * 20_000);
      dir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-caddy-'));
      const shipped = readFileSync(path.join(repoRoot, 'deploy/Caddyfile'), 'utf8');
      const file = path.join(dir, 'Caddyfile');
      writeFileSync(
        file,
        `{\n\tadmin off\n}\n${shipped.replace('app1:3000 app2:3000', `127.0.0.1:${appPort}`)}`,
      );
      caddy = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
        env: { ...process.env, SITE_ADDRESS: `:${port}`, HOME: dir, XDG_DATA_HOME: dir },
        stdio: 'ignore',
      });
      // Ready once Caddy answers through to the app.
      for (let i = 0; i < 100; i++) {
        const up = await fetch(`http://127.0.0.1:${port}/api/v1/tests/level/1`).catch(() => null);
        if (up?.ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('Caddy did not start');
    });
    afterAll(() => {
      caddy.kill();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a client’s own X-Forwarded-For does not make it someone else', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: JSON.stringify({ email: email('caddy') }),
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });
});

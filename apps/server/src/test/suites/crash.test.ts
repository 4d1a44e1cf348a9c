import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { pointsLedger, users } from '../../db/schema.js';
import { testDriver } from '../app.js';
import { startBuiltServer } from '../built-server.js';
import type { BuiltServer } from '../built-server.js';
import { report } from './roles.js';

// Decision 028: kill -9 the built server while it acknowledges writes, start it again on the same data and
// find every acknowledged write. On the embedded database always; on PostgreSQL when DATABASE_URL is set.
const WRITES = Number(process.env['CRASH_WRITES'] ?? 1000);
const IN_FLIGHT = 8;
const ADMIN = { email: 'crash-admin@example.org', password: 'crash-secret-123' };

/** A fresh PostgreSQL database for the run (dropped afterwards), or null for the embedded one. */
async function postgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env['DATABASE_URL'];
  if (testDriver !== 'postgres' || !base) return null;
  const name = `kouyu_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe(`crash safety on ${testDriver}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kouyu-crash-'));
  let server: BuiltServer | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it(`finds every one of ${WRITES}+ acknowledged writes after a SIGKILL`, async () => {
    const postgres = await postgresUrl();
    const env = {
      DATA_DIR: dir,
      JWT_SECRET: 'crash-secret-crash-secret-crash-secret-0123456789',
      SEED_CONTENT: 'false',
      AUDIO_PREGENERATE: 'false',
      OCR_ENGINE: 'none',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The embedded run must not follow a DATABASE_URL of the environment (CI sets one for the other project).
      DATABASE_URL: postgres?.url ?? '',
    };
    server = await startBuiltServer(env);
    const base = server.baseUrl;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token, user } = (await login.json()) as { token: string; user: { id: number } };
    // A session ended before the kill stays ended after it (decision 023: the ended set is in Kv).
    const ended = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const endedAuth = { authorization: `Bearer ${((await ended.json()) as { token: string }).token}` };
    const logout = await fetch(`${base}/api/v1/auth/logout`, { method: 'POST', headers: endedAuth });
    expect(logout.status).toBe(200);
    const tag = `crash-${randomBytes(4).toString('hex')}`;
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const note = `${tag}-${next++}`;
        try {
          const res = await fetch(`${base}/api/v1/admin/users/${user.id}/points`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ delta: 1, note }),
          });
          if (res.status === 200) acknowledged.push(note);
        } catch {
          // the server is gone: this write was never acknowledged
        }
        if (acknowledged.length >= WRITES && !killed) {
          // Killed while the other writers still have requests in flight.
          killed = true;
          server?.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, writer));
    await server.stop('SIGKILL');

    // Start again on the same data: it must come up healthy (PGlite recovers its write-ahead log).
    server = await startBuiltServer(env);
    const me = await fetch(`${server.baseUrl}/api/v1/auth/me`, { headers: endedAuth });
    expect(me.status).toBe(401);
    await server.stop('SIGTERM');
    server = null;

    const database = await openDatabase({ url: postgres?.url, dataDir: postgres ? null : dir });
    const rows = await database.db
      .select({ ref: pointsLedger.ref })
      .from(pointsLedger)
      .innerJoin(users, eq(users.id, pointsLedger.userId))
      .where(like(pointsLedger.ref, `${tag}-%`));
    await database.close();
    await postgres?.drop();
    const stored = new Set(rows.map((r) => r.ref));
    const lost = acknowledged.filter((note) => !stored.has(note));
    report(
      `crash safety: ${acknowledged.length} acknowledged writes, ${next} attempted, ${stored.size} stored, ${lost.length} lost after SIGKILL`,
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(WRITES);
    expect(lost).toEqual([]);
  }, 300_000);
});

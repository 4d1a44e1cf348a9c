import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { testDriver } from '../app.js';
import { repoRoot } from '../built-server.js';

// Decision 028: `npm run db:backup` and `npm run db:restore` round-trip, on the embedded database and (the
// documented pg_dump path) on PostgreSQL.
function script(mode: 'backup' | 'restore', file: string, env: Record<string, string>): void {
  const res = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/db-backup.mjs'), mode, file], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`db:${mode} failed:\n${res.stdout}\n${res.stderr}`);
}

const account = (email: string) => ({
  email,
  passwordHash: 'x',
  username: email,
  shareCode: email.slice(0, 8),
});

describe(`backups on ${testDriver}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kouyu-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('restores the embedded database as it was at the backup', async () => {
    const dataDir = path.join(dir, 'data');
    let database = await openDatabase({ dataDir });
    await database.db.insert(users).values(account('kept-1@example.org'));
    await database.close();
    const file = path.join(dir, 'kouyu.tar.gz');
    script('backup', file, { DATA_DIR: dataDir });
    expect(existsSync(file)).toBe(true);

    database = await openDatabase({ dataDir });
    await database.db.delete(users).where(eq(users.email, 'kept-1@example.org'));
    await database.db.insert(users).values(account('after-1@example.org'));
    await database.close();

    script('restore', file, { DATA_DIR: dataDir });
    database = await openDatabase({ dataDir });
    const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    await database.close();
    expect(emails).toEqual(['kept-1@example.org']);
    // The replaced database is kept beside it, not deleted.
    expect(readdirSync(dataDir).some((f) => f.startsWith('pglite.before-restore-'))).toBe(true);
  }, 180_000);

  it.runIf(testDriver === 'postgres' && process.env['DATABASE_URL'])(
    'round-trips PostgreSQL through pg_dump and pg_restore',
    async () => {
      const base = process.env['DATABASE_URL'] ?? '';
      const name = `kouyu_backup_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString() };
      try {
        let database = await openDatabase({ url: url.toString(), dataDir: null });
        await database.db.insert(users).values(account('kept-2@example.org'));
        await database.close();
        const file = path.join(dir, 'kouyu.pgdump');
        script('backup', file, env);
        database = await openDatabase({ url: url.toString(), dataDir: null });
        await database.db.delete(users);
        await database.close();
        script('restore', file, env);
        database = await openDatabase({ url: url.toString(), dataDir: null });
        const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
        await database.close();
        expect(emails).toEqual(['kept-2@example.org']);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});

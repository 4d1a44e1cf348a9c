import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  meSchema,
  reviewCardResponseSchema,
  todayResponseSchema,
  todaySettingsResponseSchema,
} from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, signUp } from '../../../test/accounts.js';
import { seedContent } from '../../../db/seed/index.js';
import { vocabSeed } from '../../../db/seed/vocab.js';
import { hskSeed } from '../../../db/seed/hsk.js';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../db/migrations');

describe(`the learner's syllabus on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedContent(t.app.database.db, { info() {} }, [vocabSeed(), hskSeed()]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'PUT' | 'PATCH' | 'POST',
    url: string,
    auth: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      remoteAddress: clientAddress(),
    });
  const plan = async (auth: Record<string, string>) => {
    const res = await call('GET', '/api/v1/today', auth);
    expect(res.statusCode, res.body).toBe(200);
    return todayResponseSchema.parse(res.json());
  };
  const base = { goal_kind: 'minutes', goal_target: 10, exam_date: null, timezone: 'UTC', reminder: 'off' };

  it('starts a new learner on HSK 3.0 with the first new words of its level 1', async () => {
    const u = await signUp(t.app);
    expect(meSchema.parse((await call('GET', '/api/v1/auth/me', u.auth)).json()).user.syllabus).toBe('hsk3');
    const r = await plan(u.auth);
    expect(r.settings.syllabus).toBe('hsk3');
    const words = r.tasks.find((x) => x.kind === 'words');
    expect(words?.href).toBe('/vocabulary/1?syllabus=hsk3');
    expect(words?.words?.map((w) => w.simplified)).toEqual(['爱', '吧', '八', '爸爸', '百']);
  });

  it('switches to HSK 2.0 from the plan settings, and the profile says so', async () => {
    const u = await signUp(t.app);
    const res = await call('PUT', '/api/v1/today/settings', u.auth, { ...base, syllabus: 'hsk2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(todaySettingsResponseSchema.parse(res.json()).settings.syllabus).toBe('hsk2');
    expect((await plan(u.auth)).tasks.find((x) => x.kind === 'words')?.words?.[0]?.simplified).toBe('的');
    expect(meSchema.parse((await call('GET', '/api/v1/auth/me', u.auth)).json()).user.syllabus).toBe('hsk2');
    // Saving settings without a syllabus keeps the one chosen.
    await call('PUT', '/api/v1/today/settings', u.auth, { ...base, goal_target: 20 });
    expect((await plan(u.auth)).settings.syllabus).toBe('hsk2');
    // The profile changes the same choice.
    const patched = await call('PATCH', '/api/v1/user', u.auth, { syllabus: 'hsk3' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await plan(u.auth)).settings.syllabus).toBe('hsk3');
  });

  it("gives the written task and the exam countdown of the learner's syllabus and level", async () => {
    const exam_date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const fresh = await signUp(t.app);
    await call('PUT', '/api/v1/today/settings', fresh.auth, { ...base, exam_date, hsk_level: 1 });
    const hsk3 = await plan(fresh.auth);
    expect(hsk3.tasks.find((x) => x.kind === 'hsk')?.href).toMatch(
      /^\/hsk\/1\/(listening|reading)\/question\/101$/,
    );
    expect(hsk3.exam).toMatchObject({ date: exam_date, syllabus: 'hsk3', level: '1' });

    const old = await signUp(t.app);
    await call('PUT', '/api/v1/today/settings', old.auth, {
      ...base,
      exam_date,
      hsk_level: 2,
      syllabus: 'hsk2',
    });
    const hsk2 = await plan(old.auth);
    expect(hsk2.tasks.find((x) => x.kind === 'hsk')?.href).toMatch(
      /^\/hsk\/2\/(listening|reading)\/question\/[12]$/,
    );
    expect(hsk2.exam).toMatchObject({ syllabus: 'hsk2', level: '2' });

    // The 7-9 band has no practice sets yet: the written task is a dictation.
    await call('PUT', '/api/v1/today/settings', fresh.auth, { ...base, hsk_level: 7, syllabus: 'hsk3' });
    expect((await plan(fresh.auth)).tasks.find((x) => x.kind === 'dictation')?.href).toBe('/dictation');
  });

  it("reads a review card's word as the learner's syllabus lists it", async () => {
    const add = async (auth: Record<string, string>) => {
      const res = await call('POST', '/api/v1/review/cards', auth, { kind: 'word', hanzi: '学生' });
      expect(res.statusCode, res.body).toBe(201);
      return reviewCardResponseSchema.parse(res.json()).card.pinyin;
    };
    const fresh = await signUp(t.app);
    expect(await add(fresh.auth)).toBe('xué shēng');
    const old = await signUp(t.app);
    await call('PATCH', '/api/v1/user', old.auth, { syllabus: 'hsk2' });
    expect(await add(old.auth)).toBe('xué sheng');
  });

  it('takes the 7-9 band on HSK 3.0 only', async () => {
    const u = await signUp(t.app);
    const refused = await call('PUT', '/api/v1/today/settings', u.auth, {
      ...base,
      syllabus: 'hsk2',
      hsk_level: 7,
    });
    expect(refused.statusCode).toBe(400);
    const ok = await call('PUT', '/api/v1/today/settings', u.auth, {
      ...base,
      syllabus: 'hsk3',
      hsk_level: 7,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const words = (await plan(u.auth)).tasks.find((x) => x.kind === 'words');
    expect(words?.href).toBe('/vocabulary/7-9?syllabus=hsk3');
    expect(words?.words).toHaveLength(5);
  });
});

describe('the syllabus migration', () => {
  it('keeps learners who registered before it on HSK 2.0, and gives new ones HSK 3.0', async () => {
    const files = readdirSync(migrations)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const index = files.findIndex((f) => f.endsWith('_syllabus.sql'));
    expect(index).toBeGreaterThan(0);
    const db = new PGlite();
    const run = async (file: string) => {
      for (const statement of readFileSync(path.join(migrations, file), 'utf8').split(
        '--> statement-breakpoint',
      ))
        if (statement.trim()) await db.exec(statement);
    };
    const addUser = (name: string) =>
      db.query(
        `insert into users (email, password_hash, username, share_code) values ($1, 'x', $1, $1) returning id`,
        [name],
      );
    try {
      for (const file of files.slice(0, index)) await run(file);
      await addUser('before');
      for (const file of files.slice(index)) await run(file);
      await addUser('after');
      const rows = await db.query<{ username: string; syllabus: string }>(
        'select username, syllabus from users order by id',
      );
      expect(rows.rows).toEqual([
        { username: 'before', syllabus: 'hsk2' },
        { username: 'after', syllabus: 'hsk3' },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);
});

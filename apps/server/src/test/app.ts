import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import type { Database } from '../db/client.js';

/** The database this test run targets: `TEST_DB=postgres` uses DATABASE_URL, else in-memory PGlite. */
export const testDriver: 'pglite' | 'postgres' =
  process.env['TEST_DB'] === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file. On PostgreSQL each file gets its own database,
 * created from DATABASE_URL and dropped afterwards, so files run in parallel without sharing rows.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDriver === 'pglite') return openDatabase({ dataDir: null });
  const base = process.env['DATABASE_URL'];
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `kouyu_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Configuration for tests: no files written outside a temporary directory, Redis only on the postgres run. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: `/tmp/kouyu-test-${process.pid}`,
    SEED_CONTENT: 'false',
    ...(testDriver === 'postgres' && process.env['REDIS_URL'] ? { REDIS_URL: process.env['REDIS_URL'] } : {}),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Builds the app on a fresh database; call `close` in afterAll. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  webDist: string | null = null,
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    webDist,
    logger: false,
    kvPrefix: `kouyu-test:${randomBytes(4).toString('hex')}:`,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface TwoInstances {
  one: FastifyInstance;
  two: FastifyInstance;
  close(): Promise<void>;
}

/** Two instances of the app on one fresh database and one shared store, as behind a load balancer. */
export async function createTwoInstances(overrides: Record<string, string> = {}): Promise<TwoInstances> {
  const database = await openTestDatabase();
  const kvPrefix = `kouyu-test:${randomBytes(4).toString('hex')}:`;
  const build = () =>
    buildApp({ config: testConfig(overrides), database, webDist: null, logger: false, kvPrefix });
  const one = await build();
  const two = await build();
  return {
    one,
    two,
    async close() {
      await one.close();
      await two.close();
      await database.close();
    },
  };
}

import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig } from './config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'kouyu-config-'));

describe('configuration', () => {
  it('needs nothing on a fresh install and keeps a generated secret', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.PORT).toBe(3000);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(file, 'utf8')).toContain(first.jwtSecret);
  });

  it('stops a production boot without secrets, with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/JWT_SECRET is required/);
    expect(
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp(), JWT_SECRET: 'x'.repeat(32) }).production,
    ).toBe(true);
  });

  it('names the bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: tmp() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url', DATA_DIR: tmp() })).toThrow(/DATABASE_URL/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '', DATA_DIR: tmp() }).DATABASE_URL).toBeUndefined();
  });

  it('every setting is documented in the README', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const missing = CONFIG_KEYS.filter((k) => !readme.includes(`\`${k}\``));
    expect(missing).toEqual([]);
  });
});

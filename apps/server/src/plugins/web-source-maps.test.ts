import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import type { TestApp } from '../test/app.js';

// Production served the web build's source maps, the whole client source (decision 023).
describe('source maps of the web build', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kouyu-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kouyu</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1);');
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["app.tsx"]}');
    t = await createTestApp({ NODE_ENV: 'production' }, dist);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('are not served in production; the bundle is', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(js.statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('app.tsx');
  });
});

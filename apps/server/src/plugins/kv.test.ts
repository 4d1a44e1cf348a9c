import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { openKv } from './kv.js';

// Decision 028, defect 5: without Redis the counters lived in process memory and a restart forgot them.
describe('kv in the database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kouyu-kv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts, expires and survives closing and reopening the same data directory', async () => {
    const first = await openDatabase({ dataDir: dir });
    const { kv } = await openKv(undefined, 'p:', first.db);
    expect(kv.driver).toBe('database');
    expect(await kv.incr('count', 60_000)).toBe(1);
    expect(await kv.incr('count', 60_000)).toBe(2);
    await kv.set('lock', 'on', 60_000);
    await kv.set('short', 'x', 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await kv.get('short')).toBeNull();
    expect(await kv.incr('short', 60_000)).toBe(1);
    await kv.close();
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    const { kv: again } = await openKv(undefined, 'p:', second.db);
    expect(await again.get('lock')).toBe('on');
    expect(await again.ttl('lock')).toBeGreaterThan(50_000);
    expect(await again.incr('count', 60_000)).toBe(3);
    await again.del('lock');
    expect(await again.get('lock')).toBeNull();
    // Another prefix (another deployment or test) sees none of it.
    const { kv: other } = await openKv(undefined, 'q:', second.db);
    expect(await other.get('count')).toBeNull();
    await again.close();
    await second.close();
  });
});

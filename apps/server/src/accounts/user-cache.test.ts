import { describe, expect, it } from 'vitest';
import { UserCache, forgetAllUsers, forgetUser } from './user-cache.js';
import type { UserRow } from './users.js';

const row = (id: number, name: string): UserRow => ({ id, name }) as unknown as UserRow;

describe('user cache', () => {
  it('reads a row once while it is fresh, and again once it ran out', async () => {
    let now = 1000;
    const cache = new UserCache(2000, 100, () => now);
    let loads = 0;
    const load = async () => row(1, `v${++loads}`);
    expect((await cache.get(1, load))?.name).toBe('v1');
    expect((await cache.get(1, load))?.name).toBe('v1');
    now += 2001;
    expect((await cache.get(1, load))?.name).toBe('v2');
    expect(loads).toBe(2);
    cache.close();
  });

  it('shares one load between requests that come together', async () => {
    const cache = new UserCache(2000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return row(1, 'a');
    };
    await Promise.all([cache.get(1, load), cache.get(1, load), cache.get(1, load)]);
    expect(loads).toBe(1);
    cache.close();
  });

  it('forgets a written row at once in every cache, and never stores a row read before the write', async () => {
    const a = new UserCache(60_000);
    const b = new UserCache(60_000);
    let version = 1;
    const load = async () => row(7, `v${version}`);
    await a.get(7, load);
    await b.get(7, load);
    version = 2;
    forgetUser(7);
    expect((await a.get(7, load))?.name).toBe('v2');
    expect((await b.get(7, load))?.name).toBe('v2');

    // A lookup that began before a write finishes after it: its old row is not kept.
    let release: () => void = () => undefined;
    const slow = () =>
      new Promise<UserRow>((resolve) => {
        release = () => resolve(row(7, 'old'));
      });
    a.forget(7);
    const pending = a.get(7, slow);
    forgetUser(7);
    version = 3;
    release();
    expect((await pending)?.name).toBe('old');
    expect((await a.get(7, load))?.name).toBe('v3');

    version = 4;
    forgetAllUsers();
    expect((await b.get(7, load))?.name).toBe('v4');
    a.close();
    b.close();
  });

  it('keeps at most its size, oldest out first; with no lifetime it always reads', async () => {
    const cache = new UserCache(60_000, 2);
    let loads = 0;
    const load = (id: number) => async () => {
      loads++;
      return row(id, String(id));
    };
    await cache.get(1, load(1));
    await cache.get(2, load(2));
    await cache.get(3, load(3));
    loads = 0;
    await cache.get(3, load(3));
    await cache.get(1, load(1));
    expect(loads).toBe(1);
    cache.close();

    const off = new UserCache(0);
    loads = 0;
    await off.get(1, load(1));
    await off.get(1, load(1));
    expect(loads).toBe(2);
    off.close();
  });
});

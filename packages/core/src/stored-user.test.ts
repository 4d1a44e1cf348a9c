import { describe, expect, it } from 'vitest';
import { storedUserSchema } from './api.js';
import { parseStoredUser } from './stored-user.js';

const user = {
  id: 7,
  email: 'li@example.com',
  name: 'Li',
  username: 'li',
  is_official: false,
  is_vip: false,
  user_level: 'basic',
  point: 120,
  share_code: 'ABC123',
  invited_code: null,
  email_verified: true,
  language: 'en',
  settings: { asr_model: 'dashscope' },
};

/** Every field replaced by values of other kinds, and each field left out. */
function variants(): unknown[] {
  const wrong: unknown[] = [undefined, null, '', 'x', 0, 1.5, -3, 2 ** 53, Number.NaN, true, [], {}];
  const out: unknown[] = [user, { ...user, created_at: '2026-01-01' }, { ...user, extra: 1 }];
  // The official flag is read more widely than the contract (its own test below).
  for (const key of [...Object.keys(user).filter((k) => k !== 'is_official'), 'created_at']) {
    for (const value of wrong) out.push({ ...user, [key]: value });
    const rest: Record<string, unknown> = { ...user };
    delete rest[key];
    out.push(rest);
  }
  for (const level of ['admin', 'master', 'Admin', 'root']) out.push({ ...user, user_level: level });
  for (const asr of ['doubao', 'whisper', null]) out.push({ ...user, settings: { asr_model: asr } });
  out.push({ ...user, settings: { asr_model: 'doubao', more: true } }, null, 'user', 3, [user]);
  return out;
}

describe('parseStoredUser', () => {
  it('accepts and rejects exactly what storedUserSchema does, with the same result', () => {
    const all = variants();
    let accepted = 0;
    for (const value of all) {
      const zod = storedUserSchema.safeParse(value);
      expect(parseStoredUser(value), JSON.stringify(value)).toEqual(zod.success ? zod.data : null);
      if (zod.success) accepted++;
    }
    // Both kinds are covered: valid users (with and without created_at, other levels and models) and broken ones.
    expect(accepted).toBeGreaterThan(5);
    expect(all.length - accepted).toBeGreaterThan(100);
  });

  it('drops keys the stored user does not have', () => {
    expect(parseStoredUser({ ...user, token: 'secret', settings: { asr_model: 'doubao', x: 1 } })).toEqual({
      ...user,
      settings: { asr_model: 'doubao' },
    });
  });

  // Spec 001 §3 and §6: a stored user whose flag is a string stays a signed-in learner, not a guest.
  it.each([
    [{ is_official: true }, true],
    [{ is_official: 1 }, true],
    [{ is_official: 'true' }, true],
    [{ is_official: '1' }, true],
    [{ is_official: 'yes' }, true],
    [{ is_official: 'no' }, false],
    [{ is_official: 0 }, false],
    [{ isOfficial: 'yes' }, true],
    [{ isOfficialUser: 1 }, true],
    [{ isOfficialUser: 'false' }, false],
    [{ is_official: null, isOfficial: 'true' }, true],
  ])('reads the official flag %j as %s', (flag, expected) => {
    const { is_official: _drop, ...rest } = user;
    expect(parseStoredUser({ ...rest, ...flag })).toEqual({ ...user, is_official: expected });
  });

  it('still refuses a stored user with no official flag at all', () => {
    const { is_official: _drop, ...rest } = user;
    expect(parseStoredUser(rest)).toBeNull();
  });
});

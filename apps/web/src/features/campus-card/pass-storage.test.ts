// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearCampusPass, readCampusPass, saveCampusPass } from './pass-storage';

const KEY = 'campus_card_auth';

describe('campus pass storage', () => {
  afterEach(() => localStorage.clear());

  it('keeps the signed pass with its expiry and reads it back while it lives', () => {
    saveCampusPass('a.b.c', '2026-12-01T00:00:00.000Z');
    expect(JSON.parse(localStorage.getItem(KEY) ?? '')).toEqual({
      pass: 'a.b.c',
      expires_at: '2026-12-01T00:00:00.000Z',
    });
    expect(readCampusPass(new Date('2026-11-30T00:00:00Z'))).toBe('a.b.c');
    clearCampusPass();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('drops an expired pass and a hand-set value', () => {
    saveCampusPass('a.b.c', '2026-12-01T00:00:00.000Z');
    expect(readCampusPass(new Date('2026-12-02T00:00:00Z'))).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    localStorage.setItem(KEY, 'true');
    expect(readCampusPass()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { averageScore, canOpen, cardLock, modeAvailable, parseMode, placeholderTests } from './access.js';
import type { AccessTest, TestMode, Viewer } from './access.js';

const guest: Viewer = { signedIn: false, official: false };
const member: Viewer = { signedIn: true, official: false };
const plus: Viewer = { signedIn: true, official: true };
const tryTest: AccessTest = { id: 101, is_official: false, is_try: true, available_parts: [1, 2, 3] };
const practice: AccessTest = { id: 102, is_official: false, is_try: false, available_parts: [1, 2, 3] };
const official: AccessTest = { id: 104, is_official: 'yes', is_try: false, available_parts: [1, 2, 3] };
const fake: AccessTest = {
  id: 10101,
  is_official: false,
  is_try: false,
  is_fake: true,
  available_parts: [1, 2, 3],
};
const partial: AccessTest = { id: 105, is_official: false, is_try: false, available_parts: [1, 3] };
const full: TestMode = { full: true };
const part = (p: 1 | 2 | 3): TestMode => ({ full: false, part: p });

describe('modes', () => {
  it('reads full-test, part-N and N', () => {
    expect(parseMode('full-test')).toEqual({ full: true });
    expect(parseMode('part-2')).toEqual({ full: false, part: 2 });
    expect(parseMode('3')).toEqual({ full: false, part: 3 });
    expect(parseMode('part-4')).toBeNull();
    expect(parseMode('full')).toBeNull();
  });
  it('needs parts 1-3 for a full test and the part for a part', () => {
    expect(modeAvailable(partial, full)).toEqual({ ok: false, denial: { reason: 'missing_part', part: 2 } });
    expect(modeAvailable(partial, part(2))).toEqual({
      ok: false,
      denial: { reason: 'part_unavailable', part: 2 },
    });
    expect(modeAvailable(partial, part(3))).toEqual({ ok: true });
  });
});

describe('who may open what (every role × kind × mode)', () => {
  const table: [string, Viewer, AccessTest, TestMode, string][] = [
    ['guest', guest, tryTest, part(1), 'ok'],
    ['guest', guest, tryTest, part(2), 'guest_part_only'],
    ['guest', guest, tryTest, full, 'guest_part_only'],
    ['guest', guest, practice, part(1), 'login_required'],
    ['guest', guest, official, part(1), 'login_required'],
    ['guest', guest, fake, part(1), 'login_required'],
    ['member', member, tryTest, full, 'ok'],
    ['member', member, practice, part(3), 'ok'],
    ['member', member, official, part(1), 'official_required'],
    ['member', member, fake, part(1), 'part_unavailable'],
    ['member', member, partial, full, 'missing_part'],
    ['plus', plus, official, full, 'ok'],
    ['plus', plus, official, part(2), 'ok'],
    ['plus', plus, partial, part(2), 'part_unavailable'],
  ];
  it.each(table)('%s: test %#', (_who, viewer, test, mode, expected) => {
    const r = canOpen(test, mode, viewer);
    expect(r.ok ? 'ok' : r.denial.reason).toBe(expected);
  });
  it('locks cards by reason', () => {
    expect(cardLock(tryTest, guest)).toBeNull();
    expect(cardLock(practice, guest)).toBe('login_required');
    expect(cardLock(official, member)).toBe('official_required');
    expect(cardLock(official, plus)).toBeNull();
  });
});

describe('guest list padding', () => {
  it('pads to 16 with 45-minute placeholders in the 10000 range', () => {
    const p = placeholderTests(6, 1);
    expect(p).toHaveLength(10);
    expect(p.every((t) => t.is_fake && t.time_limit === 45 && t.id >= 10000 && t.id < 11000)).toBe(true);
    expect(p[0]?.available_parts).toEqual([1, 2, 3]);
    expect(placeholderTests(20, 1)).toHaveLength(0);
  });
  it('averages the scores that exist', () => {
    expect(averageScore([80, 90, null, 70])).toBe(80);
    expect(averageScore([])).toBeNull();
  });
});

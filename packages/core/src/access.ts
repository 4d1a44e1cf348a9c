import { GUEST_LIST_PADDED_TO, PLACEHOLDER_ID_BASE, PLACEHOLDER_TIME_LIMIT_MIN } from './constants.js';
import { isOfficialFlag } from './membership.js';

export type TestMode = { full: true } | { full: false; part: 1 | 2 | 3 };

/** Reads a route mode: `full-test`, `part-N` or `N` (spec 001 §2); null when it is none of these. */
export function parseMode(mode: string): TestMode | null {
  if (mode === 'full-test') return { full: true };
  const m = /^(?:part-)?([123])$/.exec(mode);
  if (!m) return null;
  const part = Number(m[1]);
  return part === 1 || part === 2 || part === 3 ? { full: false, part } : null;
}

/** The route segment of a mode. */
export function modeSegment(mode: TestMode): string {
  return mode.full ? 'full-test' : `part-${mode.part}`;
}

export interface AccessTest {
  id: number;
  is_official: unknown;
  is_try: boolean;
  is_fake?: boolean;
  available_parts: readonly number[];
}

export interface Viewer {
  signedIn: boolean;
  /** An official member with active Plus. */
  official: boolean;
}

export type Denial =
  | { reason: 'login_required' }
  | { reason: 'official_required' }
  | { reason: 'guest_part_only'; testId: number; part: number | 'full' }
  | { reason: 'missing_part'; part: number }
  | { reason: 'part_unavailable'; part: number };

export type AccessResult = { ok: true } | { ok: false; denial: Denial };

const PARTS = [1, 2, 3] as const;

/** Whether a mode exists for a test: a full test needs parts 1-3, a part needs to be available. */
export function modeAvailable(test: Pick<AccessTest, 'available_parts'>, mode: TestMode): AccessResult {
  if (mode.full) {
    const missing = PARTS.find((p) => !test.available_parts.includes(p));
    return missing === undefined
      ? { ok: true }
      : { ok: false, denial: { reason: 'missing_part', part: missing } };
  }
  return test.available_parts.includes(mode.part)
    ? { ok: true }
    : { ok: false, denial: { reason: 'part_unavailable', part: mode.part } };
}

/**
 * Who may open which test and mode (spec 001 §5-§6), the same rule on both sides: guests only the
 * non-placeholder try test and only part 1; official tests need an official member; the mode must exist.
 */
export function canOpen(test: AccessTest, mode: TestMode, viewer: Viewer): AccessResult {
  if (!viewer.signedIn) {
    if (test.is_fake || !test.is_try || isOfficialFlag(test.is_official))
      return { ok: false, denial: { reason: 'login_required' } };
    if (mode.full || mode.part !== 1) {
      return {
        ok: false,
        denial: { reason: 'guest_part_only', testId: test.id, part: mode.full ? 'full' : mode.part },
      };
    }
  } else if (test.is_fake) {
    return { ok: false, denial: { reason: 'part_unavailable', part: mode.full ? 1 : mode.part } };
  } else if (isOfficialFlag(test.is_official) && !viewer.official) {
    return { ok: false, denial: { reason: 'official_required' } };
  }
  return modeAvailable(test, mode);
}

/** The lock shown on a test card: none, or why it is locked for this viewer. */
export function cardLock(test: AccessTest, viewer: Viewer): 'login_required' | 'official_required' | null {
  if (!viewer.signedIn)
    return test.is_try && !test.is_fake && !isOfficialFlag(test.is_official) ? null : 'login_required';
  if (test.is_fake) return 'login_required';
  return isOfficialFlag(test.is_official) && !viewer.official ? 'official_required' : null;
}

export interface PlaceholderTest {
  id: number;
  test_id: number;
  level_id: number;
  time_limit: number;
  available_parts: number[];
  is_official: false;
  is_try: false;
  is_fake: true;
  /** Position among the placeholders (1-based), for the client to name it. */
  placeholder_number: number;
}

/** Placeholder tests that pad a guest's list up to 16 items (ids from 10000, 45 minutes, parts 1-3). */
export function placeholderTests(realCount: number, levelId: number): PlaceholderTest[] {
  const n = Math.max(0, GUEST_LIST_PADDED_TO - realCount);
  return Array.from({ length: n }, (_, i) => ({
    id: PLACEHOLDER_ID_BASE + levelId * 100 + i + 1,
    test_id: PLACEHOLDER_ID_BASE + levelId * 100 + i + 1,
    level_id: levelId,
    time_limit: PLACEHOLDER_TIME_LIMIT_MIN,
    available_parts: [1, 2, 3],
    is_official: false,
    is_try: false,
    is_fake: true,
    placeholder_number: i + 1,
  }));
}

/** Average of the per-question scores that exist, rounded; null when none. */
export function averageScore(scores: readonly (number | null | undefined)[]): number | null {
  const real = scores.filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
  return real.length === 0 ? null : Math.round(real.reduce((a, b) => a + b, 0) / real.length);
}

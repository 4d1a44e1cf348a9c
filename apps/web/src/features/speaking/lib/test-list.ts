import { canOpen, modeSegment } from '@kouyu/core';
import type { TestListItem, TestMode, Viewer } from '@kouyu/core';

export const MODES: readonly TestMode[] = [
  { full: true },
  { full: false, part: 1 },
  { full: false, part: 2 },
  { full: false, part: 3 },
];

/** A stable key of a mode (`full-test`, `part-2`). */
export const modeKey = (mode: TestMode): string => modeSegment(mode);

/** One page of a list paged here (guests get the whole padded list). */
export function clientPage<T>(
  items: readonly T[],
  page: number,
  size: number,
): { items: T[]; totalPages: number; page: number } {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), totalPages);
  return { items: items.slice((current - 1) * size, current * size), totalPages, page: current };
}

/** Why a mode button is disabled, as a translation key with its values; null when it is open. */
export type ModeBlock =
  | { key: 'loginRequired' }
  | { key: 'plusRequired' }
  | { key: 'missingPart'; part: number }
  | { key: 'partUnavailable'; part: number };

/** The state of a mode button for this viewer (core `canOpen`). */
export function modeBlock(test: TestListItem, mode: TestMode, viewer: Viewer): ModeBlock | null {
  const access = canOpen(test, mode, viewer);
  if (access.ok) return null;
  const d = access.denial;
  switch (d.reason) {
    case 'login_required':
    case 'guest_part_only':
      return { key: 'loginRequired' };
    case 'official_required':
      return { key: 'plusRequired' };
    case 'missing_part':
      return { key: 'missingPart', part: d.part };
    case 'part_unavailable':
      return { key: 'partUnavailable', part: d.part };
  }
}

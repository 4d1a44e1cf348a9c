import { canOpen } from '@kouyu/core';
import type { Denial, TestMode, Viewer } from '@kouyu/core';
import { AppError } from '../lib/errors.js';
import { accessTest } from './catalogue.js';
import type { TestRow } from './catalogue.js';

/** The spec's guest text (spec 001 §5), naming the test and part that was tried. */
export function guestPartMessage(testNumber: number, part: number | 'full'): string {
  const tried = part === 'full' ? 'the full test' : `Part ${part}`;
  return `Guest users can only access Part 1. You tried to access Test ${testNumber}, ${tried}. Please sign up to unlock all tests and features.`;
}

/** The error a denial answers with: 401 for guests on locked tests, 403 for the wrong role, 404 for a missing part. */
export function denialError(denial: Denial, test: TestRow): AppError {
  switch (denial.reason) {
    case 'login_required':
      return new AppError(401, 'login_required', undefined, undefined, { test_number: test.number });
    case 'official_required':
      return new AppError(403, 'official_required');
    case 'guest_part_only':
      // The test's number and the part tried travel with the answer, for the message in the user's language.
      return new AppError(403, 'guest_part_only', guestPartMessage(test.number, denial.part), undefined, {
        test_number: test.number,
        part: denial.part,
      });
    case 'missing_part':
    case 'part_unavailable':
      return new AppError(404, 'test_not_found');
  }
}

/** Throws the denial's error unless the viewer may open this test in this mode (the rule of core/access). */
export function assertCanOpen(test: TestRow, mode: TestMode, viewer: Viewer): void {
  const result = canOpen(accessTest(test), mode, viewer);
  if (!result.ok) throw denialError(result.denial, test);
}

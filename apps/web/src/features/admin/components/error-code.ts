import type { ErrorCode } from '@kouyu/core';
import { ApiError } from '@/lib/api';

/** The catalogue code of a failed call (shown as `errors.<code>`); `internal` for anything else. */
export function errorCode(err: unknown): ErrorCode {
  return err instanceof ApiError ? err.code : 'internal';
}

/** True when the server refused because the signed-in user is not an admin (any more). */
export function isForbidden(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403;
}

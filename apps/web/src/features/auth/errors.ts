import type { ErrorCode } from '@kouyu/core';
import { ApiError } from '@/lib/api';

// Codes the API client gives answers it could not read; the operation's own message says more.
const GENERIC: ReadonlySet<ErrorCode> = new Set(['internal', 'not_found', 'route_not_found']);

/** The catalogue code to show for a failed call: the server's, or the operation's fallback (spec 000 §8). */
export function failureCode(err: unknown, fallback: ErrorCode): ErrorCode {
  return err instanceof ApiError && !GENERIC.has(err.code) ? err.code : fallback;
}

/** A string field of an error answer (`email`), if present. */
export function errorField(err: unknown, name: string): string | null {
  if (!(err instanceof ApiError)) return null;
  const value = err.body[name];
  return typeof value === 'string' ? value : null;
}

/** A number field of an error answer (`attempts_left`), if present. */
export function errorNumber(err: unknown, name: string): number | null {
  if (!(err instanceof ApiError)) return null;
  const value = err.body[name];
  return typeof value === 'number' ? value : null;
}

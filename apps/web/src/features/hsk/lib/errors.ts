import type { ErrorCode } from '@kouyu/core';
import { ApiError } from '@/lib/api';

/** The catalogue code of a failed call (anything else counts as internal). */
export function errorCode(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.code : 'internal';
}

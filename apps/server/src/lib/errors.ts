import { errorMessage } from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';

/** An error with an HTTP status, a stable catalogue code and the catalogue's message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
    /** Fields added at the top level of the answer, e.g. `cooldown` on a 429. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? errorMessage(code));
  }
}

/** Shorthand factories for the common statuses. */
export const errors = {
  badRequest: (code: ErrorCode, details?: unknown) => new AppError(400, code, undefined, details),
  unauthorized: (code: ErrorCode = 'not_authenticated') => new AppError(401, code),
  forbidden: (code: ErrorCode = 'forbidden') => new AppError(403, code),
  notFound: (code: ErrorCode = 'not_found') => new AppError(404, code),
  conflict: (code: ErrorCode) => new AppError(409, code),
  /** A 429 whose answer carries the seconds to wait as `cooldown`. */
  tooMany: (code: ErrorCode, cooldownS: number, message?: string, extra: Record<string, unknown> = {}) =>
    new AppError(429, code, message, undefined, { cooldown: cooldownS, ...extra }),
};

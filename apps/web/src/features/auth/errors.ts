import { VALIDATION_MESSAGES } from '@kouyu/core';
import type { ErrorCode, ValidationKey } from '@kouyu/core';
import { ApiError } from '@/lib/api';

/** What a field can be wrong with: a core validation rule, or a generic "required"/"invalid". */
export type FieldError = ValidationKey | 'required' | 'invalid';

/** True for a rule key of core's VALIDATION_MESSAGES (`validation.<key>` on the web). */
export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** A zod issue or a server field error as a field error. */
export function toFieldError(message: unknown, code?: string): FieldError {
  if (isValidationKey(message)) return message;
  return code === 'too_small' ? 'required' : 'invalid';
}

/** The i18n key of a field error. */
export function fieldErrorKey(error: FieldError) {
  if (error === 'required') return 'form.required' as const;
  if (error === 'invalid') return 'errors.validation_failed' as const;
  return `validation.${error}` as const;
}

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

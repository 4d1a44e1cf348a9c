import { VALIDATION_MESSAGES } from '@kouyu/core';
import type { ValidationKey } from '@kouyu/core';

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

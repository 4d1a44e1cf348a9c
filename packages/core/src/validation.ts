import { z } from 'zod';
import {
  CODE_LENGTH,
  DICTATION_WORD_MAX_CHARS,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGE_MIN,
  PASSWORD_MIN,
} from './constants.js';

/**
 * Validation messages: each key is the i18n key `validation.<key>` on the web; the value is the
 * specification's English text, which the server returns.
 */
export const VALIDATION_MESSAGES = {
  email_required: 'Email is required',
  email_invalid: 'Please enter a valid email address',
  password_min: 'Password must be at least 6 characters',
  password_max: 'Password must be at most 128 characters',
  confirm_required: 'Please confirm your password',
  passwords_mismatch: 'Passwords do not match',
  code_format: 'Verification code must be 6 digits',
  invitation_format: 'Invitation codes contain 4 to 32 letters or digits',
  message_required: 'Please enter a message',
  message_too_short: 'Message must be at least 5 characters',
  message_too_long: 'Message is too long. Please reduce to 1024 characters or less.',
  rating_range: 'Rating must be from 1 to 5',
  word_required: 'Please enter a word',
  word_chinese_only: 'Only Chinese characters are allowed (no Latin letters or digits)',
  word_too_long: 'A word can have at most 50 characters',
  word_duplicate: 'This word is already in the list',
  words_required: 'Add at least one word before you start',
  text_nul: 'Text cannot contain the character U+0000',
} as const;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

const msg = (key: ValidationKey) => ({ message: key });

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email: required and well-formed; stored lower-case. */
export const emailSchema = z
  .string(msg('email_required'))
  .trim()
  .min(1, msg('email_required'))
  .max(254, msg('email_invalid'))
  .regex(EMAIL_RE, msg('email_invalid'))
  .transform((v) => v.toLowerCase());

/** Password: at least 6 characters (and at most 128, so hashing cost stays bounded). */
export const passwordSchema = z
  .string(msg('password_min'))
  .min(PASSWORD_MIN, msg('password_min'))
  .max(128, msg('password_max'));

/** Verification and reset codes: exactly 6 digits. */
export const codeSchema = z
  .string(msg('code_format'))
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), msg('code_format'));

/** Optional invitation code (another user's share code). */
export const invitationCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,32}$/, msg('invitation_format'))
  .transform((v) => v.toUpperCase());

// Checked structurally, so the extended schema keeps every field of the caller's type.
function confirmationMatches(v: object): boolean {
  return 'password' in v && 'confirmPassword' in v && v.password === v.confirmPassword;
}

/** Adds "confirm password" to a schema holding `password`; the result keeps the schema's own fields. */
export function withConfirmation<S extends z.ZodRawShape & { password: typeof passwordSchema }>(
  schema: z.ZodObject<S>,
) {
  return schema
    .extend({ confirmPassword: z.string(msg('confirm_required')).min(1, msg('confirm_required')) })
    .refine(confirmationMatches, {
      ...msg('passwords_mismatch'),
      path: ['confirmPassword'],
    });
}

/** A message of the feedback form: trimmed, 5-1024 characters, not just the placeholder. */
export function feedbackMessageError(raw: string, placeholder = ''): ValidationKey | null {
  const text = raw.trim();
  if (text.length === 0 || (placeholder !== '' && text === placeholder.trim())) return 'message_required';
  if (text.length < FEEDBACK_MESSAGE_MIN) return 'message_too_short';
  if (text.length > FEEDBACK_MESSAGE_MAX) return 'message_too_long';
  return null;
}

const HAN_ONLY = /^\p{Script=Han}+$/u;

/** A dictation word: Chinese characters only, at most 50, not already in the list. */
export function dictationWordError(raw: string, existing: readonly string[] = []): ValidationKey | null {
  const word = raw.trim();
  if (word.length === 0) return 'word_required';
  if (!HAN_ONLY.test(word)) return 'word_chinese_only';
  if (Array.from(word).length > DICTATION_WORD_MAX_CHARS) return 'word_too_long';
  if (existing.includes(word)) return 'word_duplicate';
  return null;
}

/** The English text for a validation key (server answers carry it). */
export function validationMessage(key: string): string {
  const messages: Readonly<Record<string, string>> = VALIDATION_MESSAGES;
  return messages[key] ?? key;
}

const NUL = '\u0000';

/**
 * The path (`a.b.0`) of the first string in `value` holding U+0000, or null. No text field may hold it:
 * PostgreSQL text cannot store it, so a request carrying one could only fail later, as a 500.
 */
export function nulFieldPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (key.includes(NUL)) return at;
    const found = nulFieldPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The stored user's shape, checked without zod: the web app reads it from local storage on its first
 * paint, and one classic zod schema would bring the whole library into that load (decision 017).
 * `storedUserSchema` (api.ts) stays the contract; a unit test holds the two to the same answers.
 */
import type { StoredUser } from './api.js';
import { isOfficialFlag } from './membership.js';

export const USER_LEVELS = [
  'basic',
  'intermediate',
  'advanced',
  'expert',
  'master',
  'superior',
  'admin',
] as const;

export const ASR_MODELS = ['dashscope', 'doubao'] as const;
/** The syllabus names (syllabus.ts holds the rule; repeated here to keep zod out of the first paint). */
const STORED_SYLLABUSES = ['hsk2', 'hsk3'] as const;

/** Thrown by the field readers below when a value has the wrong kind; `parseStoredUser` turns it into null. */
class WrongShape extends Error {}

function int(v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new WrongShape();
  return v;
}
function text(v: unknown): string {
  if (typeof v !== 'string') throw new WrongShape();
  return v;
}
function flag(v: unknown): boolean {
  if (typeof v !== 'boolean') throw new WrongShape();
  return v;
}
/**
 * The official flag as stored (spec 001 §3: `is_official`, `isOfficial` or `isOfficialUser`), counted
 * as spec 001 §6 says: a string or a number is a value, not a broken user. Only its absence is.
 */
function officialFlag(v: Record<string, unknown>): boolean {
  const stored = ['is_official', 'isOfficial', 'isOfficialUser'].map((key) => v[key]).find((x) => x != null);
  if (stored === undefined) throw new WrongShape();
  return isOfficialFlag(stored);
}
function oneOf<T extends string>(list: readonly T[], v: unknown): T {
  const found = list.find((x) => x === v);
  if (found === undefined) throw new WrongShape();
  return found;
}

/**
 * The stored user when `value` has its shape (as `storedUserSchema.safeParse` would accept), with
 * unknown keys dropped as zod does; null otherwise. The official flag alone is read more widely than
 * the server's contract: from any of its stored names and kinds (`officialFlag`).
 */
export function parseStoredUser(value: unknown): StoredUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v: Record<string, unknown> = { ...value };
  const settings: unknown = v['settings'];
  try {
    const user: StoredUser = {
      id: int(v['id']),
      email: text(v['email']),
      name: text(v['name']),
      username: text(v['username']),
      is_official: officialFlag(v),
      is_vip: flag(v['is_vip']),
      user_level: oneOf(USER_LEVELS, v['user_level']),
      point: int(v['point']),
      share_code: text(v['share_code']),
      invited_code: v['invited_code'] === null ? null : text(v['invited_code']),
      email_verified: flag(v['email_verified']),
      language: text(v['language']),
      settings: {
        asr_model: oneOf(
          ASR_MODELS,
          typeof settings === 'object' && settings !== null ? Reflect.get(settings, 'asr_model') : undefined,
        ),
      },
    };
    if (v['created_at'] !== undefined) user.created_at = text(v['created_at']);
    if (v['syllabus'] !== undefined) user.syllabus = oneOf(STORED_SYLLABUSES, v['syllabus']);
    return user;
  } catch (error) {
    if (error instanceof WrongShape) return null;
    throw error;
  }
}

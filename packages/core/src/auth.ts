import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { codeSchema, emailSchema, invitationCodeSchema, passwordSchema } from './validation.js';
import { storedUserSchema } from './api.js';

/** How long a verification or reset code lives, and the wait between two sends. */
export const CODE_TTL_S = 15 * 60;
export const CODE_RESEND_COOLDOWN_S = 60;
/** Wrong tries one address has on one code (others' guesses do not spend the owner's). */
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong tries on one code from all addresses together, after which it is spent. */
export const CODE_GUESS_LIMIT = 2 * CODE_MAX_ATTEMPTS;
/** How many of the latest unspent codes of an account a code is checked against. */
export const CODE_LIVE_MAX = 3;
/** Codes mailed per account and purpose within a day, beyond which only known addresses get more. */
export const CODE_ISSUE_MAX_PER_DAY = 10;
/** Wrong codes within a day before the e-mail is blocked for verification (spec: "max verification attempts"). */
export const VERIFICATION_BLOCK_AFTER = 10;
export const VERIFICATION_BLOCK_S = 24 * 3600;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;

const language = z.enum(LANGUAGES).optional();

/** `POST /auth/register`. */
export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  invited_code: z
    .union([z.literal(''), invitationCodeSchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
  language,
});
export type RegisterBody = z.input<typeof registerBody>;

/** `POST /auth/login`. */
export const loginBody = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'password_min' }),
});
/** `POST /auth/verify-email`. */
export const verifyEmailBody = z.object({ email: emailSchema, code: codeSchema });
/** `POST /auth/resend-verification`, `POST /auth/forgot-password`, `POST /auth/resend-password-reset-email`. */
export const emailBody = z.object({ email: emailSchema, language });
/** `POST /auth/verify-password-reset-code`. */
export const verifyResetBody = z.object({ email: emailSchema, code: codeSchema });
/** `POST /auth/reset-password`: the reset token from the code check, and the new password. */
export const resetPasswordBody = z.object({ reset_token: z.string().min(10), password: passwordSchema });
/**
 * `POST /auth/refresh`. A missing or empty token passes here and is answered `no_refresh_token` by the
 * route (spec 000 §8), not as a failed field; nullish: a refresh without a body reaches it as null.
 */
export const refreshBody = z.object({ refresh_token: z.string().max(1000).nullish() }).nullish();
/** `POST /auth/logout`: the refresh token to revoke (optional). */
// nullish: a logout without a body (spec 000 §7) reaches the validator as null.
export const logoutBody = z.object({ refresh_token: z.string().optional() }).nullish();
/** `POST /user/password`. */
export const changePasswordBody = z.object({
  current_password: z.string().min(1),
  new_password: passwordSchema,
});
/** `DELETE /user`: confirm with the password. */
export const deleteAccountBody = z.object({ password: z.string().min(1) });
/** `PATCH /user`. */
export const updateProfileBody = z.object({
  name: z.string().trim().max(60).optional(),
  language,
  settings: z.object({ asr_model: z.enum(['dashscope', 'doubao']) }).optional(),
  /** The HSK syllabus studied (the today plan's settings change it too). */
  syllabus: z.enum(['hsk2', 'hsk3']).optional(),
});

/** Answer of register and of the resend calls: a code was sent; the next send is possible after `cooldown` s. */
export const codeSentSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
  cooldown: z.number().int(),
});

/** `GET /auth/me`. */
export const meSchema = z.object({
  success: z.literal(true),
  user: storedUserSchema,
  payment_expiration: z.string().nullable(),
});

/** `POST /auth/verify-password-reset-code`. */
export const resetTokenSchema = z.object({ success: z.literal(true), reset_token: z.string() });

/** `GET /user/points`. */
export const pointsSchema = z.object({
  success: z.literal(true),
  data: z.object({ points: z.number().int() }),
});

/** `GET /user/points/history`. */
export const pointsHistorySchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({ id: z.number().int(), delta: z.number().int(), reason: z.string(), created_at: z.string() }),
  ),
});

/** A plain success. */
export const okSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** Reasons a points change can have (ledger). */
export const POINT_REASONS = ['invitation_bonus', 'invited_bonus', 'admin_adjustment', 'plus_days'] as const;

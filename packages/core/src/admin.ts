import { z } from 'zod';
import { paginationSchema, storedUserSchema } from './api.js';
import { meSchema } from './auth.js';
import { parseExpiration, plusStatus } from './membership.js';

const DAY_MS = 24 * 3600 * 1000;

/** Largest change of points an admin makes in one step, either way. */
export const ADMIN_POINTS_DELTA_MAX = 100_000;
/** Longest reason kept with a points change (the ledger's `ref`). */
export const ADMIN_POINTS_NOTE_MAX = 200;
/** Most mails `GET /admin/outbox` returns at once. */
export const ADMIN_OUTBOX_LIMIT_MAX = 200;
export const ADMIN_OUTBOX_LIMIT_DEFAULT = 50;
/** Page size of the admin's user list (the API's default). */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** Quick choices for granting or extending Plus, in days. */
export const PLUS_GRANT_DAYS = [30, 90, 365] as const;

/** Query of `GET /admin/users`: a search in e-mail and name, newest accounts first. */
export const adminUsersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

/** A user as the admin's list shows it: the stored user and the Plus expiry. */
export const adminUserSchema = storedUserSchema.extend({ payment_expiration: z.string().nullable() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersSchema = z.object({
  success: z.literal(true),
  data: z.array(adminUserSchema),
  pagination: paginationSchema,
});

/** `GET /admin/users/{id}` and the answer of every change the admin makes to a user. */
export const adminUserDetailSchema = meSchema;
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** Query of `GET /admin/outbox`: the newest mails, optionally to one address. */
export const adminOutboxQuery = z.object({
  email: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_OUTBOX_LIMIT_MAX).default(ADMIN_OUTBOX_LIMIT_DEFAULT),
});

/** A mail the server sent or, without SMTP, only kept (transport `outbox`). */
export const outboxItemSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  purpose: z.string(),
  transport: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const adminOutboxSchema = z.object({ success: z.literal(true), data: z.array(outboxItemSchema) });

/**
 * One inviter whose invitees finished their first test from one address in one month, at least
 * INVITATION_CLUSTER_SIZE of them (`GET /admin/invitation-clusters`): maybe self-made invitations,
 * maybe a class behind one school router; the admin decides (decision 023).
 */
export const invitationClusterSchema = z.object({
  inviter_id: z.number().int(),
  inviter_email: z.string(),
  /** The month, as its first day (YYYY-MM-DD, UTC). */
  month: z.string(),
  address: z.string(),
  invitees: z.number().int(),
  updated_at: z.string(),
});
export type InvitationCluster = z.infer<typeof invitationClusterSchema>;

export const adminInvitationClustersSchema = z.object({
  success: z.literal(true),
  data: z.array(invitationClusterSchema),
});

/**
 * Body of `PUT /admin/users/{id}/membership`: a date makes the user a member until then (a past date
 * leaves an expired member); null ends the membership. The date must be one the membership rules can
 * read (1 year back to about 5 years ahead), or the member would count as expired at once.
 */
export const adminMembershipBody = z.object({
  expires_at: z.iso
    .datetime({ offset: true })
    .refine((v) => parseExpiration(v).ok, { message: 'date_out_of_range' })
    .nullable(),
});
export type AdminMembershipBody = z.infer<typeof adminMembershipBody>;

/** Body of `POST /admin/users/{id}/points`: a non-zero change and an optional reason. */
export const adminPointsBody = z.object({
  delta: z
    .number()
    .int()
    .min(-ADMIN_POINTS_DELTA_MAX)
    .max(ADMIN_POINTS_DELTA_MAX)
    .refine((v) => v !== 0, { message: 'points_zero' }),
  note: z.string().trim().max(ADMIN_POINTS_NOTE_MAX).optional(),
});
export type AdminPointsBody = z.infer<typeof adminPointsBody>;

/** Body of `PUT /admin/users/{id}/role`: true makes an admin, false a basic user. */
export const adminRoleBody = z.object({ admin: z.boolean() });

/**
 * The new expiry when Plus is granted or extended by `days`: from the current expiry while the
 * membership is active (so an extension never loses paid days), else from now.
 */
export function extendedExpiry(
  isOfficial: boolean,
  paymentExpiration: string | null,
  days: number,
  now: Date = new Date(),
): Date {
  const status = plusStatus(isOfficial, paymentExpiration, now);
  const from =
    status.hasActivePlus && paymentExpiration
      ? Math.max(new Date(paymentExpiration).getTime(), now.getTime())
      : now.getTime();
  return new Date(from + days * DAY_MS);
}

/** The last moment of a calendar day (`YYYY-MM-DD`) in the local time zone; null for anything else. */
export function endOfLocalDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, date, 23, 59, 59, 0);
  // Date rolls 2026-02-31 over to March; such a day does not exist.
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== date) return null;
  return end;
}

/** A date as `YYYY-MM-DD` in the local time zone (the value of a date input). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The six-digit code of a verification or reset mail, if it has one. */
export function mailCode(text: string): string | null {
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

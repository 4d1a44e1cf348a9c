import { z } from 'zod';
import { paginationSchema } from './api.js';
import { FEEDBACK_COOLDOWN_DEFAULT_S } from './constants.js';
import { feedbackMessageError } from './validation.js';

/** Feedback types of the contact form, in the order the form lists them (spec 000 §3). */
export const FEEDBACK_TYPES = [
  'general',
  'bug',
  'feature',
  'ai_feedback',
  'ui_ux',
  'performance',
  'payment',
  'praise',
] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'general';

/** Types that offer rating stars (spec 000 §5); every other type stores rating null. */
export const RATED_FEEDBACK_TYPES = ['ai_feedback', 'ui_ux', 'performance', 'praise'] as const;
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;

/** Where a contact message is in the admin's handling. */
export const CONTACT_STATUSES = ['new', 'read', 'resolved'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
/** Longest note an admin keeps on a message. */
export const CONTACT_ADMIN_NOTE_MAX = 2000;

/** True for one of the eight feedback types. */
export function isFeedbackType(value: unknown): value is FeedbackType {
  return typeof value === 'string' && FEEDBACK_TYPES.some((t) => t === value);
}

/** True when the type offers rating stars (ai_feedback, ui_ux, performance, praise). */
export function isRatedFeedbackType(type: FeedbackType): boolean {
  return RATED_FEEDBACK_TYPES.some((t) => t === type);
}

/** Seconds to wait, read from "N seconds" in a 429 message; 20 when there is none (spec 000 §8). */
export function parseCooldownSeconds(message: string | null | undefined): number {
  const match = /(\d+)\s*seconds?\b/i.exec(message ?? '');
  const seconds = match ? Number(match[1]) : 0;
  return seconds > 0 ? seconds : FEEDBACK_COOLDOWN_DEFAULT_S;
}

/** The message of the form: trimmed, 5-1024 characters (the same rule as the form's). */
const contactMessageSchema = z.string({ message: 'message_required' }).transform((raw, ctx) => {
  const key = feedbackMessageError(raw);
  if (key) {
    ctx.addIssue({ code: 'custom', message: key });
    return z.NEVER;
  }
  return raw.trim();
});

const ratingSchema = z
  .number({ message: 'rating_range' })
  .int({ message: 'rating_range' })
  .min(FEEDBACK_RATING_MIN, { message: 'rating_range' })
  .max(FEEDBACK_RATING_MAX, { message: 'rating_range' });

/**
 * Body of `POST /contacts`: the message, its type (general by default) and a rating that is kept
 * only for the rated types; any other type stores null.
 */
export const contactBodySchema = z
  .object({
    message: contactMessageSchema,
    feedback_type: z.enum(FEEDBACK_TYPES).default(DEFAULT_FEEDBACK_TYPE),
    rating: ratingSchema.nullable().optional(),
  })
  .transform((body) => ({
    message: body.message,
    feedback_type: body.feedback_type,
    rating: isRatedFeedbackType(body.feedback_type) ? (body.rating ?? null) : null,
  }));
export type ContactBody = z.input<typeof contactBodySchema>;

/** Answer of `POST /contacts`; `cooldown` is the wait in seconds before the user's next message. */
export const contactCreatedSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int(), created_at: z.string(), cooldown: z.number().int().min(0) }),
});

/** A stored message as the admin sees it. */
export const contactItemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  message: z.string(),
  feedback_type: z.string(),
  rating: z.number().int().nullable(),
  status: z.enum(CONTACT_STATUSES),
  admin_note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactItem = z.infer<typeof contactItemSchema>;

/** Query of `GET /admin/contacts`: newest first, filtered by status, type and a text search. */
export const adminContactsQuery = z.object({
  status: z.enum(CONTACT_STATUSES).optional(),
  type: z.enum(FEEDBACK_TYPES).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminContactsSchema = z.object({
  success: z.literal(true),
  data: z.array(contactItemSchema),
  pagination: paginationSchema,
});

/** Body of `PUT /admin/contacts/{id}`: a new status, a note (null clears it), or both. */
export const adminContactUpdateBody = z
  .object({
    status: z.enum(CONTACT_STATUSES).optional(),
    admin_note: z.string().trim().max(CONTACT_ADMIN_NOTE_MAX).nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.admin_note !== undefined, { message: 'nothing_to_update' });

export const adminContactSchema = z.object({ success: z.literal(true), data: contactItemSchema });

/** Answer of `GET /admin/contacts/stats`: counts by status and type, and the average of given ratings. */
export const contactStatsSchema = z.object({
  success: z.literal(true),
  data: z.object({
    total: z.number().int(),
    by_status: z.record(z.enum(CONTACT_STATUSES), z.number().int()),
    by_type: z.record(z.enum(FEEDBACK_TYPES), z.number().int()),
    rated_count: z.number().int(),
    /** Rounded to two decimals; null when no message carries a rating. */
    average_rating: z.number().nullable(),
  }),
});
export type ContactStats = z.infer<typeof contactStatsSchema>['data'];

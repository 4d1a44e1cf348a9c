import { z } from 'zod';

const DAY_MS = 24 * 3600 * 1000;

/** Days one week of Plus is worth, the unit of the points rate (`PLUS_POINTS_PER_WEEK`). */
export const POINTS_RATE_DAYS = 7;
/** Most codes one admin batch creates. */
export const REDEEM_BATCH_MAX = 1000;
/** Most days of Plus one code gives. */
export const REDEEM_DAYS_MAX = 3660;
/** Length of a generated redeem code (without the dashes it is shown with). */
export const REDEEM_CODE_LENGTH = 12;
/** Redeem attempts allowed per user and per address in one window. */
export const REDEEM_ATTEMPTS_MAX = 10;
export const REDEEM_WINDOW_MS = 15 * 60_000;

/** The ways into Plus; each is offered only when the server has it. */
export const MEMBERSHIP_WAYS = ['pay', 'code', 'points'] as const;
export type MembershipWay = (typeof MEMBERSHIP_WAYS)[number];

/**
 * A redeem code as stored and compared: case, spaces and dashes do not count, so `abcd-efgh 1234`
 * and `ABCDEFGH1234` are the same code.
 */
export function normaliseRedeemCode(value: string): string {
  return value.replace(/[\s\-‐-―_]/g, '').toUpperCase();
}

/** A code shown in groups of four for reading aloud and typing: `ABCD-EFGH-1234`. */
export function formatRedeemCode(code: string): string {
  return normaliseRedeemCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/** Points a plan costs at a rate of `perWeek` points for 7 days, rounded up to a whole point. */
export function planPoints(days: number, perWeek: number): number {
  return Math.ceil((days * perWeek) / POINTS_RATE_DAYS);
}

/**
 * The new expiry after adding days (spec 000 §4 "Renew"): from the current expiry while it lies in the
 * future, else from now, so renewing early never loses a day.
 */
export function extendExpiry(current: Date | null, days: number, now: Date = new Date()): Date {
  const base = current && current.getTime() > now.getTime() ? current.getTime() : now.getTime();
  return new Date(base + days * DAY_MS);
}

/** Plan ids are short words the operator picks (`month`, `year`). */
export const planIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,32}$/, 'Unknown plan');

export const membershipPlanSchema = z.object({
  id: planIdSchema,
  days: z.number().int().positive(),
  /** Price in the currency's major unit (9.99), shown in the user's locale format. */
  price: z.number().nonnegative(),
  /** ISO 4217 code, upper case. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Points the plan costs, or null when points cannot be spent. */
  points: z.number().int().positive().nullable(),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

/** The user's Plus status as `GET /membership` reports it (spec 000 §3 VIP status, §4 warning). */
export const membershipStatusSchema = z.object({
  state: z.enum(['not_official', 'expired', 'active']),
  is_official: z.boolean(),
  has_active_vip: z.boolean(),
  days_until_expiration: z.number().int().min(0),
  expires_at: z.string().nullable(),
  warning: z.object({ level: z.enum(['urgent', 'warning']), days: z.number().int() }).nullable(),
});
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/** `GET /membership`: status, plans and which ways in this server offers (with the reason one is off). */
export const membershipSchema = z.object({
  success: z.literal(true),
  data: z.object({
    status: membershipStatusSchema,
    plans: z.array(membershipPlanSchema),
    ways: z.object({ pay: z.boolean(), code: z.boolean(), points: z.boolean() }),
    /** Catalogue code saying why paying is off, when it is. */
    pay_unavailable: z.string().nullable(),
    payment_methods: z.array(z.string()),
    points_balance: z.number().int(),
    points_per_week: z.number().int().min(0),
  }),
});
export type MembershipInfo = z.infer<typeof membershipSchema>['data'];

export const checkoutBody = z.object({ plan: planIdSchema });
export const checkoutSchema = z.object({
  success: z.literal(true),
  url: z.string().url(),
  session_id: z.string(),
});

/** A payment's life: `unpaid` is a checkout that expired or whose delayed payment failed. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'unpaid', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `GET /membership/checkout/{session_id}`: the state of the learner's own checkout, for the success page. */
export const checkoutStateSchema = z.object({
  success: z.literal(true),
  status: z.enum(PAYMENT_STATUSES),
  days: z.number().int(),
});

export const redeemBody = z.object({
  code: z
    .string()
    .max(64)
    .transform(normaliseRedeemCode)
    .pipe(z.string().regex(/^[A-Z0-9]{4,32}$/, 'The code is not valid')),
});
export type RedeemInput = z.input<typeof redeemBody>;

export const spendPointsBody = z.object({ plan: planIdSchema });

/** The answer of every successful way in: the days added and the new status. */
export const membershipChangeSchema = z.object({
  success: z.literal(true),
  days: z.number().int(),
  status: membershipStatusSchema,
});
export type MembershipChange = z.infer<typeof membershipChangeSchema>;

/** Where a learner's Plus came from or went: one row per change (admin user page). */
export const MEMBERSHIP_CHANGE_KINDS = ['payment', 'code', 'points', 'refund', 'admin'] as const;
export const membershipHistoryItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MEMBERSHIP_CHANGE_KINDS),
  days: z.number().int(),
  previous_expiry: z.string().nullable(),
  new_expiry: z.string().nullable(),
  ref: z.string().nullable(),
  created_at: z.string(),
});
export const membershipHistorySchema = z.object({
  success: z.literal(true),
  data: z.array(membershipHistoryItemSchema),
});
export type MembershipHistoryItem = z.infer<typeof membershipHistoryItemSchema>;

const futureDate = z.iso
  .datetime({ offset: true })
  .refine((v) => new Date(v).getTime() > Date.now(), 'The date must lie in the future');

/** `POST /admin/redeem-codes`: a batch of codes worth `days` each. */
export const redeemBatchBody = z.object({
  days: z.number().int().min(1).max(REDEEM_DAYS_MAX),
  count: z.number().int().min(1).max(REDEEM_BATCH_MAX),
  expires_at: futureDate.optional(),
  note: z.string().trim().max(200).optional(),
});
export type RedeemBatchInput = z.input<typeof redeemBatchBody>;

export const redeemBatchSchema = z.object({
  id: z.number().int(),
  days: z.number().int(),
  count: z.number().int(),
  used: z.number().int(),
  revoked: z.number().int(),
  expires_at: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type RedeemBatch = z.infer<typeof redeemBatchSchema>;

export const redeemCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  used_at: z.string().nullable(),
  used_by: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type RedeemCode = z.infer<typeof redeemCodeSchema>;

export const redeemBatchCreatedSchema = z.object({
  success: z.literal(true),
  batch: redeemBatchSchema,
  codes: z.array(z.string()),
});
export const redeemBatchesSchema = z.object({ success: z.literal(true), data: z.array(redeemBatchSchema) });
export const redeemBatchDetailSchema = z.object({
  success: z.literal(true),
  batch: redeemBatchSchema,
  codes: z.array(redeemCodeSchema),
});
export const revokedSchema = z.object({ success: z.literal(true), revoked: z.number().int() });

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  provider_ref: z.string(),
  user_id: z.number().int(),
  email: z.string(),
  plan: z.string(),
  days: z.number().int(),
  amount: z.number(),
  amount_refunded: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  user_id: z.coerce.number().int().positive().optional(),
});
export const adminPaymentsSchema = z.object({
  success: z.literal(true),
  data: z.array(adminPaymentSchema),
  total: z.number().int(),
});

/** A plan as the operator configures it (`PLUS_PLANS`), before the points price is added. */
export interface PlanSetting {
  id: string;
  days: number;
  price: number;
  currency: string;
}

/**
 * Reads `PLUS_PLANS`: either JSON (`[{"id":"month","days":30,"price":9.99,"currency":"USD"}]`) or the
 * compact `id:days:price:CURRENCY` list separated by commas (`month:30:9.99:USD,year:365:79:USD`).
 * Throws with a readable reason on anything else.
 */
export function parsePlanSettings(value: string): PlanSetting[] {
  const text = value.trim();
  const setting = membershipPlanSchema.omit({ points: true });
  let raw: unknown[];
  if (text.startsWith('[')) {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new Error('PLUS_PLANS JSON must be an array');
    raw = parsed;
  } else {
    raw = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((entry) => {
        const [id, days, price, currency, ...rest] = entry.split(':');
        if (rest.length > 0 || currency === undefined)
          throw new Error(`PLUS_PLANS entry "${entry}" is not id:days:price:CURRENCY`);
        return { id, days: Number(days), price: Number(price), currency: currency.toUpperCase() };
      });
  }
  const plans = raw.map((p) => {
    const r = setting.safeParse(p);
    if (!r.success)
      throw new Error(
        `PLUS_PLANS entry ${JSON.stringify(p)} is not valid: ${r.error.issues[0]?.message ?? ''}`,
      );
    return r.data;
  });
  if (new Set(plans.map((p) => p.id)).size !== plans.length)
    throw new Error('PLUS_PLANS has a plan id twice');
  return plans;
}

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A code batch as CSV (code, days, expires, status, used by, used at): the server's export and the admin page's download. */
export function redeemCodesCsv(batch: Pick<RedeemBatch, 'days' | 'expires_at'>, codes: RedeemCode[]): string {
  const lines = [['code', 'days', 'expires_at', 'status', 'used_by', 'used_at'].join(',')];
  for (const c of codes) {
    const status = c.revoked_at ? 'revoked' : c.used_at ? 'used' : 'unused';
    lines.push(
      [c.code, String(batch.days), batch.expires_at ?? '', status, c.used_by ?? '', c.used_at ?? '']
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

import Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../config.js';
import { AppError, errors } from '../lib/errors.js';
import type { CheckoutRequest, CheckoutStarted, PaymentProvider, ProviderEvent } from './providers.js';

type StripeSettings = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PAYMENT_METHODS' | 'STRIPE_API_URL'
>;

/** Where the SDK sends its calls: the official API, or `STRIPE_API_URL` (a stand-in in tests). */
function address(url: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!url) return {};
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

// A signature proves who sent an event, not that it has the fields read below: each shape is checked,
// and one that lacks them is the sender's error (a 400), never a 500 deep in the ledger.
const ref = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullable()
  .optional();
const eventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.looseObject({}) }),
});
const sessionShape = z.object({
  id: z.string().min(1),
  payment_status: z.string().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  client_reference_id: z.string().nullable().optional(),
  payment_intent: ref,
  amount_total: z.number().int().min(0).nullable().optional(),
  currency: z.string().nullable().optional(),
});
const chargeShape = z.object({
  payment_intent: ref,
  amount: z.number().int().min(0),
  amount_refunded: z.number().int().min(0),
});
/** The most days one payment can give: a ten-year plan. More, zero or fewer is a forged or broken event. */
const MAX_PAID_DAYS = 3660;

function malformed(): AppError {
  return errors.badRequest('webhook_event_invalid');
}

function shaped<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw malformed();
  return parsed.data;
}

/** Stripe Checkout: one-time sessions per plan; membership changes only on its signed webhooks. */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const key = settings.STRIPE_SECRET_KEY;
  const secret = settings.STRIPE_WEBHOOK_SECRET;
  const client = key
    ? new Stripe(key, {
        ...address(settings.STRIPE_API_URL),
        maxNetworkRetries: 1,
        timeout: 20_000,
        telemetry: false,
      })
    : null;
  const methods = settings.STRIPE_PAYMENT_METHODS;

  function paidEvent(
    event: { id: string; type: string },
    session: z.infer<typeof sessionShape>,
  ): ProviderEvent {
    // Alipay and WeChat Pay may complete the session before the money arrives: wait for the async success.
    if (session.payment_status !== 'paid') return { kind: 'ignored', eventId: event.id, type: event.type };
    const meta = session.metadata ?? {};
    const user = meta['user_id'] ?? session.client_reference_id;
    // A session without our metadata was not opened by this server (another product of the account).
    if (!user || !meta['plan'] || meta['days'] === undefined)
      return { kind: 'ignored', eventId: event.id, type: event.type };
    const userId = Number(user);
    const days = Number(meta['days']);
    if (
      !Number.isInteger(userId) ||
      userId <= 0 ||
      !Number.isInteger(days) ||
      days <= 0 ||
      days > MAX_PAID_DAYS
    )
      throw malformed();
    return {
      kind: 'paid',
      eventId: event.id,
      checkoutRef: session.id,
      paymentRef: idOf(session.payment_intent),
      userId,
      plan: meta['plan'],
      days,
      amount: session.amount_total ?? 0,
      currency: (session.currency ?? '').toUpperCase(),
    };
  }

  return {
    id: 'stripe',
    unavailable: () => (client && secret ? null : 'payments_unavailable'),
    methods: () => (client && secret ? methods : []),

    async startCheckout(req: CheckoutRequest): Promise<CheckoutStarted> {
      if (!client || !secret) throw new AppError(503, 'payments_unavailable');
      const metadata = { user_id: String(req.userId), plan: req.plan.id, days: String(req.plan.days) };
      try {
        const session = await client.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: req.plan.currency.toLowerCase(),
                unit_amount: req.amount,
                product_data: { name: `Kouyu Plus: ${req.plan.days} days` },
              },
            },
          ],
          allowed_payment_method_types: methods,
          ...(methods.includes('wechat_pay')
            ? { payment_method_options: { wechat_pay: { client: 'web' } } }
            : {}),
          client_reference_id: String(req.userId),
          customer_email: req.email,
          locale: req.language,
          metadata,
          payment_intent_data: { metadata },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        });
        if (!session.url) throw new Error('Stripe returned a session without a URL');
        return { ref: session.id, url: session.url };
      } catch (err) {
        throw new AppError(502, 'payment_failed', undefined, err instanceof Error ? err.message : undefined);
      }
    },

    readEvent(rawBody, headers): ProviderEvent {
      if (!client || !secret) throw new AppError(503, 'payments_unavailable');
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw errors.badRequest('webhook_signature_invalid');
      let verified: unknown;
      try {
        verified = client.webhooks.constructEvent(rawBody, signature, secret);
      } catch {
        throw errors.badRequest('webhook_signature_invalid');
      }
      const event = shaped(eventShape, verified);
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return paidEvent(event, shaped(sessionShape, event.data.object));
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed':
          return {
            kind: 'unpaid',
            eventId: event.id,
            checkoutRef: shaped(sessionShape, event.data.object).id,
          };
        case 'charge.refunded': {
          const charge = shaped(chargeShape, event.data.object);
          const paymentRef = idOf(charge.payment_intent);
          if (!paymentRef) return { kind: 'ignored', eventId: event.id, type: event.type };
          return {
            kind: 'refunded',
            eventId: event.id,
            paymentRef,
            amount: charge.amount,
            amountRefunded: charge.amount_refunded,
          };
        }
        default:
          return { kind: 'ignored', eventId: event.id, type: event.type };
      }
    },
  };
}

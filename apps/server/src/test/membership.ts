import type { FastifyInstance } from 'fastify';
import type { StripeStandIn } from '../membership/standins/stripe-standin.js';

/** Settings that point the server's Stripe SDK at a stand-in. */
export function stripeSettings(standIn: StripeStandIn): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    STRIPE_API_URL: standIn.baseUrl,
    PLUS_PLANS: 'month:30:9.99:USD,year:365:79.99:USD,week:7:2.99:USD',
    PLUS_POINTS_PER_WEEK: '100',
  };
}

/** Posts a webhook payload as Stripe does: raw JSON with its signature header. */
export function deliver(app: FastifyInstance, payload: string, signature: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

/** The learner's membership as `GET /membership` reports it. */
export async function membershipOf(app: FastifyInstance, auth: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/membership', headers: auth });
  if (res.statusCode !== 200) throw new Error(`membership: ${res.body}`);
  return res.json<{
    data: {
      status: {
        state: string;
        has_active_vip: boolean;
        days_until_expiration: number;
        expires_at: string | null;
      };
      ways: { pay: boolean; code: boolean; points: boolean };
      pay_unavailable: string | null;
      points_balance: number;
    };
  }>().data;
}

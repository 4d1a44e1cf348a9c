/**
 * A local stand-in for the few Stripe API calls Kouyu makes, for tests and e2e: the official SDK is
 * pointed at it (`STRIPE_API_URL` → `host`/`port`/`protocol`). It creates Checkout Sessions
 * (`POST /v1/checkout/sessions`, form-encoded as the SDK sends them), serves a checkout page at the
 * session's URL whose "Pay" button marks the session paid, delivers the signed
 * `checkout.session.completed` webhook to the server and redirects to the session's success URL, and
 * builds signed events (completed, refunded) with the SDK's own test-header helper.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';

export interface StandInSession {
  id: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  paymentIntent: string;
  allowedMethods: string[];
  paid: boolean;
}

export interface StripeStandIn {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Where the checkout page delivers its webhook (the server's `/api/v1/payments/stripe/webhook`). */
  webhookUrl: string;
  sessions: Map<string, StandInSession>;
  /** Raw form bodies of session creations, for checking what the SDK sent. */
  requests: Record<string, string>[];
  /** A `checkout.session.completed` event for a session, as a JSON string; marks it paid. */
  completedEvent(sessionId: string, eventId?: string): string;
  /** A `checkout.session.expired` event: the buyer never paid. */
  expiredEvent(sessionId: string, eventId?: string): string;
  /** A `charge.refunded` event with the session's charge refunded up to `amountRefunded` (total so far). */
  refundedEvent(sessionId: string, amountRefunded: number, eventId?: string): string;
  /** The `Stripe-Signature` header for a payload (with another secret to forge a bad one). */
  sign(payload: string, secret?: string): string;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const sdk = new Stripe('sk_test_standin_signing_only');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

function sessionObject(s: StandInSession, baseUrl: string) {
  return {
    id: s.id,
    object: 'checkout.session',
    mode: 'payment',
    status: s.paid ? 'complete' : 'open',
    payment_status: s.paid ? 'paid' : 'unpaid',
    amount_total: s.amount,
    currency: s.currency,
    metadata: s.metadata,
    client_reference_id: s.clientReferenceId,
    customer_email: s.customerEmail,
    payment_intent: s.paid ? s.paymentIntent : null,
    payment_method_types: s.allowedMethods,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    url: s.paid ? null : `${baseUrl}/pay/${s.id}`,
    livemode: false,
  };
}

function event(type: string, object: unknown, eventId?: string) {
  return JSON.stringify({
    id: eventId ?? id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

const page = (
  s: StandInSession,
) => `<!doctype html><html><head><meta charset="utf-8"><title>Stand-in checkout</title></head>
<body><h1>Stand-in checkout</h1><p>${(s.amount / 100).toFixed(2)} ${s.currency.toUpperCase()}</p>
<form method="post" action="/pay/${s.id}"><button type="submit">Pay</button></form>
<a href="${s.cancelUrl}">Cancel</a></body></html>`;

/** Starts the stand-in on a free local port; `webhookUrl` may be set later (before a checkout page is paid). */
export async function startStripeStandIn(
  opts: { secretKey?: string; webhookSecret?: string; webhookUrl?: string; port?: number } = {},
): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? 'sk_test_kouyu_standin';
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StandInSession>();
  const requests: Record<string, string>[] = [];
  const json = (res: ServerResponse, status: number, value: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

  const standIn: StripeStandIn = {
    baseUrl: '',
    secretKey,
    webhookSecret,
    webhookUrl: opts.webhookUrl ?? '',
    sessions,
    requests,
    completedEvent(sessionId, eventId) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      s.paid = true;
      return event('checkout.session.completed', sessionObject(s, standIn.baseUrl), eventId);
    },
    expiredEvent(sessionId, eventId) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      return event(
        'checkout.session.expired',
        { ...sessionObject(s, standIn.baseUrl), status: 'expired', url: null },
        eventId,
      );
    },
    refundedEvent(sessionId, amountRefunded, eventId) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const charge = {
        id: `ch_${s.id.slice(3)}`,
        object: 'charge',
        amount: s.amount,
        amount_refunded: amountRefunded,
        currency: s.currency,
        payment_intent: s.paymentIntent,
        refunded: amountRefunded >= s.amount,
        status: 'succeeded',
      };
      return event('charge.refunded', charge, eventId);
    },
    sign(payload, secret = webhookSecret) {
      return sdk.webhooks.generateTestHeaderString({ payload, secret });
    },
    close: async () => undefined,
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (req.headers.authorization !== `Bearer ${secretKey}`)
          return json(res, 401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
          });
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        requests.push(form);
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(\w+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const s: StandInSession = {
          id: id('cs'),
          amount: Number(form['line_items[0][price_data][unit_amount]'] ?? 0),
          currency: form['line_items[0][price_data][currency]'] ?? 'usd',
          metadata,
          clientReferenceId: form['client_reference_id'] ?? null,
          customerEmail: form['customer_email'] ?? null,
          successUrl: form['success_url'] ?? '',
          cancelUrl: form['cancel_url'] ?? '',
          paymentIntent: id('pi'),
          allowedMethods: Object.entries(form)
            .filter(([k]) => k.startsWith('allowed_payment_method_types['))
            .map(([, v]) => v),
          paid: false,
        };
        sessions.set(s.id, s);
        return json(res, 200, sessionObject(s, standIn.baseUrl));
      }
      const pay = /^\/pay\/(cs_test_\w+)$/.exec(url.pathname);
      const s = pay?.[1] ? sessions.get(pay[1]) : undefined;
      if (s && req.method === 'GET') return res.writeHead(200, { 'content-type': 'text/html' }).end(page(s));
      if (s && req.method === 'POST') {
        // Deliver the signed webhook first, as Stripe does before the buyer is back on the site.
        const payload = standIn.completedEvent(s.id);
        const delivered = await fetch(standIn.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': standIn.sign(payload) },
          body: payload,
        });
        if (!delivered.ok)
          return json(res, 502, { error: { message: `webhook answered ${delivered.status}` } });
        return res.writeHead(303, { location: s.successUrl.replace('{CHECKOUT_SESSION_ID}', s.id) }).end();
      }
      return json(res, 404, {
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
      });
    })().catch((err: unknown) => json(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('stand-in has no TCP address');
  standIn.baseUrl = `http://127.0.0.1:${address.port}`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { signUp } from '../../../test/accounts.js';
import { deliver, membershipOf, stripeSettings } from '../../../test/membership.js';
import { startStripeStandIn } from '../../../membership/standins/stripe-standin.js';
import type { StripeStandIn } from '../../../membership/standins/stripe-standin.js';
import { analyticsCounts, mailOutbox, membershipChanges, payments } from '../../../db/schema.js';

const DAY = 86_400_000;

describe(`Stripe payments on ${testDriver}`, () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp(stripeSettings(stripe));
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  async function checkout(auth: Record<string, string>, plan = 'month') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/checkout',
      headers: auth,
      payload: { plan },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string; session_id: string }>();
  }
  const upgrades = async () => {
    const rows = await t.app.database.db
      .select()
      .from(analyticsCounts)
      .where(eq(analyticsCounts.name, 'upgrade'));
    return rows.reduce((n, r) => n + r.count, 0);
  };
  const pay = async (sessionId: string) => {
    const payload = stripe.completedEvent(sessionId);
    return { payload, res: await deliver(t.app, payload, stripe.sign(payload)) };
  };

  it('starts a checkout through the SDK with the plan the server chose', async () => {
    const learner = await signUp(t.app);
    const { url, session_id } = await checkout(learner.auth);
    expect(url).toBe(`${stripe.baseUrl}/pay/${session_id}`);
    const sent = stripe.requests.at(-1) ?? {};
    expect(sent['line_items[0][price_data][unit_amount]']).toBe('999');
    expect(sent['line_items[0][price_data][currency]']).toBe('usd');
    expect(sent['metadata[user_id]']).toBe(String(learner.user.id));
    expect(sent['success_url']).toMatch(/\/en\/plus\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(sent['allowed_payment_method_types[1]']).toBe('alipay');
    // Nothing changes before the webhook: the redirect alone proves nothing.
    expect((await membershipOf(t.app, learner.auth)).status.state).toBe('not_official');
  });

  it('makes a payer Plus once, however often the webhook comes', async () => {
    const learner = await signUp(t.app);
    const { session_id } = await checkout(learner.auth);
    const state = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/membership/checkout/${session_id}`,
        headers: learner.auth,
      });
    expect((await state()).json()).toMatchObject({ status: 'pending', days: 30 });
    const { payload, res } = await pay(session_id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await state()).json()).toMatchObject({ status: 'paid' });
    const stranger = await signUp(t.app);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/membership/checkout/${session_id}`,
      headers: stranger.auth,
    });
    expect(peek.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ outcome: 'applied' });
    const after = await membershipOf(t.app, learner.auth);
    expect(after.status).toMatchObject({ state: 'active', has_active_vip: true, days_until_expiration: 30 });
    // The same event again (a retry), and a replay with a fresh signature: nothing more.
    const again = await deliver(t.app, payload, stripe.sign(payload));
    expect(again.json()).toMatchObject({ outcome: 'duplicate' });
    // Another event about the same session (e.g. async success after completed) adds nothing either.
    const other = stripe.completedEvent(session_id);
    expect((await deliver(t.app, other, stripe.sign(other))).json()).toMatchObject({ outcome: 'ignored' });
    expect((await membershipOf(t.app, learner.auth)).status.expires_at).toBe(after.status.expires_at);
    const rows = await t.app.database.db.select().from(payments).where(eq(payments.providerRef, session_id));
    expect(rows).toMatchObject([{ status: 'paid', amount: 999, currency: 'USD', days: 30 }]);
    const changes = await t.app.database.db
      .select()
      .from(membershipChanges)
      .where(eq(membershipChanges.userId, learner.user.id));
    expect(changes).toHaveLength(1);
  });

  it('mails a receipt in the learner language', async () => {
    const learner = await signUp(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user',
      headers: learner.auth,
      payload: { language: 'ru' },
    });
    const { session_id } = await checkout(learner.auth, 'week');
    await pay(session_id);
    const [mail] = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, learner.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail).toMatchObject({ purpose: 'receipt', subject: 'Квитанция об оплате Kouyu Plus' });
    expect(mail?.text).toContain('7 дн.');
    expect(mail?.text).toContain('2,99');
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const learner = await signUp(t.app);
    const { session_id } = await checkout(learner.auth);
    const payload = stripe.completedEvent(session_id);
    const forged = await deliver(t.app, payload, stripe.sign(payload, 'whsec_not_the_secret'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('webhook_signature_invalid');
    const tampered = await deliver(
      t.app,
      payload.replace('"days":"30"', '"days":"3000"'),
      stripe.sign(payload),
    );
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await membershipOf(t.app, learner.auth)).status.state).toBe('not_official');
    // The genuine event still works afterwards: the failures recorded nothing.
    expect((await deliver(t.app, payload, stripe.sign(payload))).json()).toMatchObject({
      outcome: 'applied',
    });
  });

  it('answers a signed event it cannot apply with 400 webhook_event_invalid, and applies nothing', async () => {
    const learner = await signUp(t.app);
    const session = (userId: string, days: string, id: string) => ({
      id,
      object: 'checkout.session',
      payment_status: 'paid',
      metadata: { user_id: userId, plan: 'month', days },
      amount_total: 999,
      currency: 'usd',
    });
    const event = (id: string, type: string, data?: unknown) =>
      JSON.stringify({ id, object: 'event', type, ...(data === undefined ? {} : { data }) });
    const bodies = [
      '{}',
      event('evt_nodata', 'checkout.session.completed'),
      event('evt_nodata_refund', 'charge.refunded'),
      event('evt_nouser', 'checkout.session.completed', { object: session('99999999', '30', 'cs_nouser') }),
      event('evt_negative', 'checkout.session.completed', {
        object: session(String(learner.user.id), '-30', 'cs_neg'),
      }),
      event('evt_zero', 'checkout.session.async_payment_succeeded', {
        object: session(String(learner.user.id), '0', 'cs_zero'),
      }),
    ];
    for (const body of bodies) {
      const res = await deliver(t.app, body, stripe.sign(body));
      expect(res.statusCode, body).toBe(400);
      expect(res.json().code).toBe('webhook_event_invalid');
    }
    expect((await membershipOf(t.app, learner.auth)).status.state).toBe('not_official');
    const rows = await t.app.database.db.select().from(payments).where(eq(payments.userId, learner.user.id));
    expect(rows).toEqual([]);
  });

  it('renewing adds to the current expiry', async () => {
    const learner = await signUp(t.app);
    await pay((await checkout(learner.auth)).session_id);
    const first = new Date((await membershipOf(t.app, learner.auth)).status.expires_at ?? '').getTime();
    await pay((await checkout(learner.auth, 'week')).session_id);
    const second = new Date((await membershipOf(t.app, learner.auth)).status.expires_at ?? '').getTime();
    expect(second - first).toBe(7 * DAY);
  });

  it('a refund shortens the membership by the refunded share, and a full refund ends it', async () => {
    const learner = await signUp(t.app);
    const { session_id } = await checkout(learner.auth);
    await pay(session_id);
    const paidUntil = new Date((await membershipOf(t.app, learner.auth)).status.expires_at ?? '').getTime();
    // A refund event arriving twice counts once; half the money back takes half the days (15 of 30).
    const half = stripe.refundedEvent(session_id, 500);
    expect((await deliver(t.app, half, stripe.sign(half))).json()).toMatchObject({ outcome: 'applied' });
    expect((await deliver(t.app, half, stripe.sign(half))).json()).toMatchObject({ outcome: 'duplicate' });
    const shortened = new Date((await membershipOf(t.app, learner.auth)).status.expires_at ?? '').getTime();
    expect(paidUntil - shortened).toBe(15 * DAY);
    const full = stripe.refundedEvent(session_id, 999);
    expect((await deliver(t.app, full, stripe.sign(full))).statusCode).toBe(200);
    const ended = await membershipOf(t.app, learner.auth);
    expect(ended.status.has_active_vip).toBe(false);
    const [row] = await t.app.database.db.select().from(payments).where(eq(payments.providerRef, session_id));
    expect(row).toMatchObject({ status: 'refunded', amountRefunded: 999 });
  });

  it('a refund that overtakes its payment is refused until the payment is known', async () => {
    const learner = await signUp(t.app);
    const { session_id } = await checkout(learner.auth);
    const completed = stripe.completedEvent(session_id);
    const refund = stripe.refundedEvent(session_id, 999);
    const early = await deliver(t.app, refund, stripe.sign(refund));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('payment_not_found');
    await deliver(t.app, completed, stripe.sign(completed));
    expect((await membershipOf(t.app, learner.auth)).status.has_active_vip).toBe(true);
    // Stripe delivers the refund again: now it applies, and the membership it paid for ends.
    expect((await deliver(t.app, refund, stripe.sign(refund))).json()).toMatchObject({ outcome: 'applied' });
    expect((await membershipOf(t.app, learner.auth)).status.has_active_vip).toBe(false);
  });

  it('an expired checkout closes unpaid and grants nothing', async () => {
    const learner = await signUp(t.app);
    const { session_id } = await checkout(learner.auth, 'week');
    const expired = stripe.expiredEvent(session_id);
    expect((await deliver(t.app, expired, stripe.sign(expired))).json()).toMatchObject({
      outcome: 'applied',
    });
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/v1/membership/checkout/${session_id}`,
      headers: learner.auth,
    });
    expect(state.json()).toMatchObject({ status: 'unpaid' });
    expect((await membershipOf(t.app, learner.auth)).status.state).toBe('not_official');
    // An expiry arriving after the payment never undoes it.
    const paid = await checkout(learner.auth, 'week');
    await pay(paid.session_id);
    const late = stripe.expiredEvent(paid.session_id);
    expect((await deliver(t.app, late, stripe.sign(late))).json()).toMatchObject({ outcome: 'ignored' });
    expect((await membershipOf(t.app, learner.auth)).status.has_active_vip).toBe(true);
  });

  it('counts every upgrade as analytics goal 2', async () => {
    const before = await upgrades();
    const learner = await signUp(t.app);
    await pay((await checkout(learner.auth, 'week')).session_id);
    expect(await upgrades()).toBe(before + 1);
  });

  it('refuses a checkout that would run Plus past the 5-year horizon', async () => {
    const learner = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) await pay((await checkout(learner.auth, 'year')).session_id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/checkout',
      headers: learner.auth,
      payload: { plan: 'year' },
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'membership_limit_reached']);
    expect((await membershipOf(t.app, learner.auth)).status.state).toBe('active');
  });

  it('rejects unknown plans and lists payments for admins only', async () => {
    const learner = await signUp(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/checkout',
      headers: learner.auth,
      payload: { plan: 'lifetime' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('unknown_plan');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/payments', headers: learner.auth });
    expect(list.statusCode).toBe(403);
  });
});

describe(`payments switched off on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('hides paying and says why when called', async () => {
    const learner = await signUp(t.app);
    const info = await membershipOf(t.app, learner.auth);
    expect(info.ways).toEqual({ pay: false, code: true, points: true });
    expect(info.pay_unavailable).toBe('payments_unavailable');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/checkout',
      headers: learner.auth,
      payload: { plan: 'month' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('payments_unavailable');
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(503);
  });
});

describe(`a Stripe account that refuses the key on ${testDriver}`, () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ ...stripeSettings(stripe), STRIPE_SECRET_KEY: 'sk_test_revoked' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('answers 502 payment_failed and records no payment', async () => {
    const learner = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/checkout',
      headers: learner.auth,
      payload: { plan: 'month' },
    });
    expect([res.statusCode, res.json().code]).toEqual([502, 'payment_failed']);
    expect(
      await t.app.database.db.select().from(payments).where(eq(payments.userId, learner.user.id)),
    ).toEqual([]);
  });
});

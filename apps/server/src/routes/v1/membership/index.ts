import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REDEEM_ATTEMPTS_MAX,
  REDEEM_WINDOW_MS,
  checkoutBody,
  checkoutSchema,
  checkoutStateSchema,
  errorMessage,
  membershipChangeSchema,
  membershipSchema,
  pickLanguage,
  redeemBody,
  spendPointsBody,
} from '@kouyu/core';
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { payments } from '../../../db/schema.js';
import { AppError, errors } from '../../../lib/errors.js';
import { findUserById, pointsOf } from '../../../accounts/users.js';
import { recordGoal } from '../../../analytics/goals.js';
import { findPlan, minorUnits, plansOf } from '../../../membership/plans.js';
import { membershipStatus } from '../../../membership/status.js';
import { redeemCode } from '../../../membership/codes.js';
import { spendPoints } from '../../../membership/points.js';
import { recordCheckout } from '../../../membership/payments.js';
import { wouldPassHorizon } from '../../../membership/ledger.js';
import { signedInUser } from '../../../plugins/auth.js';

/** The learner's side of Plus: status and plans, and the three ways in (pay, redeem a code, points). */
export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireUser);
  const changed = async (userId: number, days: number) => {
    await recordGoal(db, 'upgrade');
    const row = await findUserById(db, userId);
    if (!row) throw errors.unauthorized();
    return { success: true as const, days, status: membershipStatus(row) };
  };

  app.get('/', { schema: { response: { 200: membershipSchema } } }, async (req) => {
    const user = signedInUser(req);
    const pay = app.payments.unavailable();
    return {
      success: true as const,
      data: {
        status: membershipStatus(user),
        plans: plansOf(app.config),
        ways: { pay: pay === null, code: true, points: app.config.PLUS_POINTS_PER_WEEK > 0 },
        pay_unavailable: pay,
        payment_methods: app.payments.methods(),
        points_balance: await pointsOf(db, user.id),
        points_per_week: app.config.PLUS_POINTS_PER_WEEK,
      },
    };
  });

  /** Where the provider sends the learner back: the public URL when set, else the address they came from. */
  const siteOrigin = (req: FastifyRequest) =>
    app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;

  app.post(
    '/checkout',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { body: checkoutBody, response: { 200: checkoutSchema } },
    },
    async (req) => {
      const user = signedInUser(req);
      const plan = findPlan(app.config, req.body.plan);
      if (app.payments.unavailable()) throw new AppError(503, 'payments_unavailable');
      // Refused before taking money: a payment past the horizon could only be clamped.
      if (await wouldPassHorizon(db, user.id, plan.days)) throw errors.conflict('membership_limit_reached');
      const language = pickLanguage(user.language);
      const base = `${siteOrigin(req)}/${language}/plus`;
      const amount = minorUnits(plan.price, plan.currency);
      const started = await app.payments.startCheckout({
        userId: user.id,
        email: user.email,
        language,
        plan,
        amount,
        successUrl: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}?cancelled=1`,
      });
      await recordCheckout(db, {
        userId: user.id,
        provider: app.payments.id,
        providerRef: started.ref,
        plan: plan.id,
        days: plan.days,
        amount,
        currency: plan.currency,
      });
      return { success: true as const, url: started.url, session_id: started.ref };
    },
  );

  /** The success page polls this: only the verified webhook turns a checkout paid, never the redirect. */
  app.get(
    '/checkout/:session_id',
    {
      schema: {
        params: z.object({ session_id: z.string().min(1).max(255) }),
        response: { 200: checkoutStateSchema },
      },
    },
    async (req) => {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, app.payments.id),
            eq(payments.providerRef, req.params.session_id),
            eq(payments.userId, signedInUser(req).id),
          ),
        );
      if (!row) throw errors.notFound('payment_not_found');
      return { success: true as const, status: row.status, days: row.days };
    },
  );

  app.post(
    '/redeem',
    { schema: { body: redeemBody, response: { 200: membershipChangeSchema } } },
    async (req) => {
      const user = signedInUser(req);
      // Per user and per address, so guessing codes from many accounts or one account is slow either way.
      for (const key of [`redeem:u:${user.id}`, `redeem:ip:${req.ip}`]) {
        if ((await app.kv.incr(key, REDEEM_WINDOW_MS)) > REDEEM_ATTEMPTS_MAX) {
          const seconds = Math.max(1, Math.ceil((await app.kv.ttl(key)) / 1000));
          throw errors.tooMany(
            'redeem_rate_limited',
            seconds,
            errorMessage('redeem_rate_limited', { cooldown: seconds }),
          );
        }
      }
      const { days } = await redeemCode(db, user.id, req.body.code);
      return changed(user.id, days);
    },
  );

  app.post(
    '/points',
    { schema: { body: spendPointsBody, response: { 200: membershipChangeSchema } } },
    async (req) => {
      const user = signedInUser(req);
      const plan = findPlan(app.config, req.body.plan);
      const { days } = await spendPoints(db, user.id, plan);
      return changed(user.id, days);
    },
  );
};

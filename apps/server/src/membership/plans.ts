import { planPoints } from '@kouyu/core';
import type { MembershipPlan, PlanSetting } from '@kouyu/core';
import type { Config } from '../config.js';
import { errors } from '../lib/errors.js';

/** The operator's plans with their points price (null when points are switched off). */
export function plansOf(config: Pick<Config, 'PLUS_PLANS' | 'PLUS_POINTS_PER_WEEK'>): MembershipPlan[] {
  return config.PLUS_PLANS.map((p: PlanSetting) => ({
    ...p,
    points: config.PLUS_POINTS_PER_WEEK > 0 ? planPoints(p.days, config.PLUS_POINTS_PER_WEEK) : null,
  }));
}

/** The plan with this id, or a 400 `unknown_plan`. */
export function findPlan(
  config: Pick<Config, 'PLUS_PLANS' | 'PLUS_POINTS_PER_WEEK'>,
  id: string,
): MembershipPlan {
  const plan = plansOf(config).find((p) => p.id === id);
  if (!plan) throw errors.badRequest('unknown_plan');
  return plan;
}

/** Decimal places of a currency (2 for USD, 0 for JPY), as the ISO table in Intl knows them. */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** A price in the currency's smallest unit, the integer payment providers take (9.99 USD → 999). */
export function minorUnits(price: number, currency: string): number {
  return Math.round(price * 10 ** currencyDigits(currency));
}

/** The inverse of `minorUnits`, for showing stored amounts. */
export function majorUnits(amount: number, currency: string): number {
  return amount / 10 ** currencyDigits(currency);
}

import type { ErrorCode, Language, MembershipPlan } from '@kouyu/core';

/** What a checkout needs to know about the buyer and where to send them back. */
export interface CheckoutRequest {
  userId: number;
  email: string;
  language: Language;
  plan: MembershipPlan;
  /** Amount in the currency's smallest unit. */
  amount: number;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStarted {
  /** The provider's id of this checkout; the webhook names it again. */
  ref: string;
  url: string;
}

/** A verified provider event, in the few shapes membership cares about. */
export type ProviderEvent =
  | {
      kind: 'paid';
      eventId: string;
      checkoutRef: string;
      paymentRef: string | null;
      userId: number;
      plan: string;
      days: number;
      amount: number;
      currency: string;
    }
  /** The checkout closed without money: it expired, or a delayed payment (Alipay, WeChat Pay) failed. */
  | { kind: 'unpaid'; eventId: string; checkoutRef: string }
  | { kind: 'refunded'; eventId: string; paymentRef: string; amount: number; amountRefunded: number }
  | { kind: 'ignored'; eventId: string; type: string };

/**
 * A payment provider: Stripe today; a direct Alipay or WeChat Pay provider would implement the same
 * three calls, and the page and the membership ledger would not change.
 */
export interface PaymentProvider {
  readonly id: string;
  /** Null when ready, else the catalogue code saying why paying is off. */
  unavailable(): ErrorCode | null;
  /** Payment methods offered at checkout (shown on the page). */
  methods(): string[];
  startCheckout(req: CheckoutRequest): Promise<CheckoutStarted>;
  /** Verifies the signature of a raw webhook body and reads it; throws `webhook_signature_invalid`. */
  readEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}

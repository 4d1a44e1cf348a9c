import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './providers.js';
import { createStripeProvider } from './stripe.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider of this server (Stripe); it says itself whether it is configured. */
    payments: PaymentProvider;
  }
}

/** Decorates the app with its payment provider, built from the configuration. */
export function registerPayments(app: FastifyInstance) {
  app.decorate('payments', createStripeProvider(app.config));
}

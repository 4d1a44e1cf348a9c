import type { FastifyInstance, FastifyRequest } from 'fastify';
import { plusStatus } from '@kouyu/core';
import { AppError } from '../lib/errors.js';
import type { UserRow } from '../accounts/users.js';
import { signedInUser } from '../plugins/auth.js';

/** True for an official member whose payment is active (with the 60 s grace of spec 000 §4). */
export function isPlus(user: Pick<UserRow, 'isOfficial' | 'paymentExpiration'>): boolean {
  return plusStatus(user.isOfficial, user.paymentExpiration).hasActivePlus;
}

/**
 * `onRequest` hooks for Plus-only calls (handwriting analysis, words from an image, spec 000 §5-§6):
 * a guest gets 401 `login_required`, a user without active Plus 403 `plus_required`, before any
 * upload is read.
 */
export function plusOnly(app: FastifyInstance) {
  return [
    app.optionalUser,
    async (req: FastifyRequest) => {
      if (!isPlus(signedInUser(req, 'login_required'))) throw new AppError(403, 'plus_required');
    },
  ];
}

/** `onRequest` hooks for calls that need an account: a guest gets 401 `login_required`. */
export function accountOnly(app: FastifyInstance) {
  return [
    app.optionalUser,
    async (req: FastifyRequest) => {
      signedInUser(req, 'login_required');
    },
  ];
}

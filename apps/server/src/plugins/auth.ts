import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ErrorCode } from '@kouyu/core';
import { errors } from '../lib/errors.js';
import { knownAccessClaims, verifyAccessToken } from '../accounts/tokens.js';
import type { AccessClaims } from '../accounts/tokens.js';
import { findUserById } from '../accounts/users.js';
import type { UserRow } from '../accounts/users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the route ran an auth hook and a valid token came. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** Hook: requires a valid bearer token of an existing user. */
    requireUser: onRequestHookHandler;
    /** Hook: requires a signed-in admin. */
    requireAdmin: onRequestHookHandler;
    /** Hook: reads the user when a token comes (401 when it is not valid), lets guests through. */
    optionalUser: onRequestHookHandler;
  }
}

/** The bearer token of an Authorization header, or null. */
export function bearerOf(header: string | undefined): string | null {
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** The bearer token of a request, or null. */
export function bearer(req: FastifyRequest): string | null {
  return bearerOf(req.headers.authorization);
}

/**
 * The row of the user an Authorization header's token stands for, when nothing has to be awaited:
 * the token was checked before and has not expired, and the user's row is cached. Undefined when
 * that is not known at once (no token, a new token, an uncached row, a deleted user).
 */
export function knownRowOf(app: FastifyInstance, header: string | undefined): UserRow | undefined {
  const token = bearerOf(header);
  const claims = token ? knownAccessClaims(app.config.jwtSecret, token) : null;
  if (!claims || !liveSession(app, claims)) return undefined;
  return app.userCache.peek(claims.userId)?.row;
}

/**
 * True when the token's session is known, without waiting, not to have ended; false when it ended or
 * the shared store must be asked (`userOfToken` asks). A token without a session id has none to end.
 */
function liveSession(app: FastifyInstance, claims: AccessClaims): boolean {
  return claims.familyId === undefined || app.sessions.known(claims.familyId) === false;
}

/**
 * The user of a request whose route ran `requireUser` (or `optionalUser`, where only members go on);
 * a 401 with `code` when there is none. The one signed-in helper of every route.
 */
export function signedInUser(req: { user: UserRow | null }, code: ErrorCode = 'not_authenticated'): UserRow {
  if (!req.user) throw errors.unauthorized(code);
  return req.user;
}

/**
 * The user an optional token names: null when none came; `refuse()` is thrown when one came but does
 * not hold (expired, forged, its session ended, its user gone), so the client refreshes instead of being
 * served as a guest. Every route, socket and prepared session turns a token into a user here.
 */
export async function callerOfToken(
  app: FastifyInstance,
  token: string | null | undefined,
  refuse: () => Error,
): Promise<UserRow | null> {
  if (!token) return null;
  const user = await userOfToken(app, token);
  if (!user) throw refuse();
  return user;
}

/** The existing user a valid access token names, or null (expired, forged, user deleted). */
export async function userOfToken(app: FastifyInstance, token: string): Promise<UserRow | null> {
  const claims = await verifyAccessToken(app.config.jwtSecret, token);
  if (!claims) return null;
  // Logout, a password change or a reset ended the session: its token is refused at once.
  if (claims.familyId && (await app.sessions.isRevoked(claims.familyId))) return null;
  const { userId } = claims;
  return (await app.userCache.get(userId, () => findUserById(app.database.db, userId))) ?? null;
}

/** Token checks, as hooks a route subtree adds (roles are checked on every route that needs them). */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);

  // A token that comes but does not hold (expired, forged, its user gone) is a 401 everywhere, also
  // where guests are welcome: treating it as a guest would hide the expiry from the client, which
  // refreshes only on a 401 (decision 009: feedback lost at the end of a long test).
  const load = (req: FastifyRequest): Promise<UserRow | null> =>
    callerOfToken(app, bearer(req), () => errors.unauthorized('token_expired'));

  /**
   * The user of a request when nothing has to be awaited: no token, or a token already checked whose
   * user's row is cached (most signed-in reads). Undefined when `load` must run.
   */
  const known = (req: FastifyRequest): { user: UserRow | null } | undefined => {
    const token = bearer(req);
    if (!token) return { user: null };
    const claims = knownAccessClaims(app.config.jwtSecret, token);
    const hit = claims && liveSession(app, claims) ? app.userCache.peek(claims.userId) : null;
    return hit ? { user: hit.row ?? null } : undefined;
  };

  // Callback hooks, answered at once when `known` has the user: these run on most API requests, and
  // the promises of async hooks (and of the token and row lookups) were a visible share of a cached read.
  const hook =
    (check: (user: UserRow | null) => void): onRequestHookHandler =>
    (req, _reply, done) => {
      const now = known(req);
      if (now) {
        try {
          // A token that checked out once but whose user is gone is refused like in `load`.
          if (!now.user && bearer(req)) throw errors.unauthorized('token_expired');
          req.user = now.user;
          check(now.user);
        } catch (err) {
          done(err as Error);
          return;
        }
        done();
        return;
      }
      load(req)
        .then((user) => {
          req.user = user;
          check(user);
        })
        .then(
          () => done(),
          (err: unknown) => done(err as Error),
        );
    };

  app.decorate(
    'optionalUser',
    hook(() => {}),
  );
  app.decorate(
    'requireUser',
    hook((user) => {
      if (!user) throw errors.unauthorized();
    }),
  );
  app.decorate(
    'requireAdmin',
    hook((user) => {
      if (!user) throw errors.unauthorized();
      if (user.userLevel !== 'admin') throw errors.forbidden();
    }),
  );
}

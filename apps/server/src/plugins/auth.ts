import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../lib/errors.js';
import { verifyAccessToken } from '../accounts/tokens.js';
import { findUserById } from '../accounts/users.js';
import type { UserRow } from '../accounts/users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the route ran an auth hook and a valid token came. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** Hook: requires a valid bearer token of an existing user. */
    requireUser(req: FastifyRequest): Promise<void>;
    /** Hook: requires a signed-in admin. */
    requireAdmin(req: FastifyRequest): Promise<void>;
    /** Hook: reads the user when a token comes (401 when it is not valid), lets guests through. */
    optionalUser(req: FastifyRequest): Promise<void>;
  }
}

/** The bearer token of a request, or null. */
export function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** The existing user a valid access token names, or null (expired, forged, user deleted). */
export async function userOfToken(app: FastifyInstance, token: string): Promise<UserRow | null> {
  const claims = await verifyAccessToken(app.config.jwtSecret, token);
  if (!claims) return null;
  const { userId } = claims;
  return (await app.userCache.get(userId, () => findUserById(app.database.db, userId))) ?? null;
}

/** Token checks, as hooks a route subtree adds (roles are checked on every route that needs them). */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);

  // A token that comes but does not hold (expired, forged, its user gone) is a 401 everywhere, also
  // where guests are welcome: treating it as a guest would hide the expiry from the client, which
  // refreshes only on a 401 (issue 14: feedback lost at the end of a long test).
  const load = async (req: FastifyRequest): Promise<UserRow | null> => {
    const token = bearer(req);
    if (!token) return null;
    const user = await userOfToken(app, token);
    if (!user) throw errors.unauthorized('token_expired');
    return user;
  };

  app.decorate('optionalUser', async (req: FastifyRequest) => {
    req.user = await load(req);
  });
  app.decorate('requireUser', async (req: FastifyRequest) => {
    req.user = await load(req);
    if (!req.user) throw errors.unauthorized();
  });
  app.decorate('requireAdmin', async (req: FastifyRequest) => {
    req.user = await load(req);
    if (!req.user) throw errors.unauthorized();
    if (req.user.userLevel !== 'admin') throw errors.forbidden();
  });
}

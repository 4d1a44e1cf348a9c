import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { refreshTokens } from '../db/schema.js';

export interface AccessClaims {
  userId: number;
  admin: boolean;
  /** The refresh-token family (sign-in session) the access token belongs to: logout revokes it. */
  familyId?: string;
}

/**
 * Seconds after a rotation during which the spent token still answers with the same successor: two
 * tabs refreshing at once must not look like a stolen token (decision 012).
 */
export const REFRESH_GRACE_S = 10;

const enc = (secret: string) => new TextEncoder().encode(secret);

/** SHA-256 of an opaque token: only hashes are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A short-lived signed access token (lifetime ACCESS_TOKEN_TTL_S); its payload carries the expiry the client reads. */
export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlS: number = ACCESS_TOKEN_TTL_S,
): Promise<string> {
  return new SignJWT({ adm: claims.admin, ...(claims.familyId ? { sid: claims.familyId } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ttlS}s`)
    .sign(enc(secret));
}

/**
 * Access tokens whose signature was checked, with their claims, until they expire. Checking an HMAC
 * signature through WebCrypto (importing the key each time) was a quarter of a signed-in read's CPU
 * (decision 016); the claims of a token are fixed by its bytes, so a token seen valid stays valid until
 * its `exp`. Only tokens that passed are kept (a forged token is checked every time), at most
 * VERIFIED_TOKENS_MAX, oldest out first; a token never outlives its expiry here.
 */
const verifiedTokens = new Map<string, { secret: string; exp: number; claims: AccessClaims }>();
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * The claims of an access token already seen valid and not expired yet, without a promise (the
 * signed-in read path); null when it must be checked (`verifyAccessToken`).
 */
export function knownAccessClaims(secret: string, token: string): AccessClaims | null {
  const known = verifiedTokens.get(token);
  // Still valid by the check jose makes (`exp` in whole seconds, no tolerance): exp > now.
  if (known && known.secret === secret && known.exp > Math.floor(Date.now() / 1000))
    return { ...known.claims };
  return null;
}

/**
 * The claims of a valid access token, or null. A token without `exp` or `iat` is refused even when
 * its signature is right: it would never expire.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  const known = knownAccessClaims(secret, token);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, enc(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0) return null;
    const sid = payload['sid'];
    const claims = {
      userId,
      admin: payload['adm'] === true,
      ...(typeof sid === 'string' ? { familyId: sid } : {}),
    };
    if (typeof payload.exp === 'number') {
      if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) {
        const oldest = verifiedTokens.keys().next();
        if (!oldest.done) verifiedTokens.delete(oldest.value);
      }
      verifiedTokens.set(token, { secret, exp: payload.exp, claims });
    }
    return claims;
  } catch {
    return null;
  }
}

/** The claims of the bearer token in an Authorization header, or null. */
export async function bearerClaims(secret: string, header: string | undefined): Promise<AccessClaims | null> {
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token ? verifyAccessToken(secret, token) : null;
}

/** Issues a refresh token in a family (a new family per sign-in). */
export async function issueRefreshToken(
  db: Db,
  userId: number,
  familyId: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
  });
  return token;
}

export type RotateResult =
  | { ok: true; userId: number; familyId: string; token: string }
  | { ok: false; reuse: false }
  | { ok: false; reuse: true; familyId: string };

/**
 * The successor of a refresh token is derived from it with the server secret, so a second request
 * with the same token inside the grace window can be given the same successor without storing any
 * token in clear.
 */
function successorOf(secret: string, presented: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${presented}`).digest('base64url');
}

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family returned.
 * The same token again within REFRESH_GRACE_S (two tabs) gets the same successor while that one is
 * unspent; later, or once the successor was itself used, it means the token leaked: the whole family
 * is revoked.
 */
export async function rotateRefreshToken(db: Db, secret: string, presented: string): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { ok: false, reuse: false };
    const token = successorOf(secret, presented);
    if (row.usedAt) {
      if (Date.now() - row.usedAt.getTime() <= REFRESH_GRACE_S * 1000) {
        const [next] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(token)));
        if (next && !next.usedAt && !next.revokedAt)
          return { ok: true, userId: row.userId, familyId: row.familyId, token };
      }
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false, reuse: true, familyId: row.familyId };
    }
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    await tx.insert(refreshTokens).values({
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
    });
    return { ok: true, userId: row.userId, familyId: row.familyId, token };
  });
}

/** The distinct family ids of revoked rows: the sessions whose access tokens must end too. */
const familiesOf = (rows: { familyId: string }[]): string[] => [...new Set(rows.map((r) => r.familyId))];

/** Revokes one family by its id, only if it belongs to the user (logout with the bearer alone). */
export async function revokeFamilyById(db: Db, userId: number, familyId: string): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return familiesOf(rows);
}

/** Revokes every family of a user but one (password change keeps the session that changed it). */
export async function revokeOtherFamilies(db: Db, userId: number, keepFamilyId: string): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        ne(refreshTokens.familyId, keepFamilyId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return familiesOf(rows);
}

/** Revokes the family of a refresh token (logout). */
export async function revokeFamily(db: Db, presented: string): Promise<string[]> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (!row) return [];
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
  return [row.familyId];
}

/** Revokes every session of a user (password reset, account deletion). */
export async function revokeAllForUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return familiesOf(rows);
}

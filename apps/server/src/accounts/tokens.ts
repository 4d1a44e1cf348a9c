import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { refreshTokens } from '../db/schema.js';

export interface AccessClaims {
  userId: number;
  admin: boolean;
}

const enc = (secret: string) => new TextEncoder().encode(secret);

/** SHA-256 of an opaque token: only hashes are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A short-lived signed access token; its payload carries the expiry the client reads. */
export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({ adm: claims.admin })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(enc(secret));
}

/** The claims of a valid access token, or null. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, enc(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0) return null;
    return { userId, admin: payload['adm'] === true };
  } catch {
    return null;
  }
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

export type RotateResult = { ok: true; userId: number; token: string } | { ok: false; reuse: boolean };

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family returned.
 * Presenting a spent token again means it leaked: the whole family is revoked.
 */
export async function rotateRefreshToken(db: Db, presented: string): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { ok: false, reuse: false };
    if (row.usedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false, reuse: true };
    }
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const token = randomBytes(32).toString('base64url');
    await tx.insert(refreshTokens).values({
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
    });
    return { ok: true, userId: row.userId, token };
  });
}

/** Revokes the family of a refresh token (logout). */
export async function revokeFamily(db: Db, presented: string): Promise<void> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (!row) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every session of a user (password reset, account deletion). */
export async function revokeAllForUser(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

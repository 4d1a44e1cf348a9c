import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { CAMPUS_PASS_TTL_S } from '@kouyu/core';

const AUDIENCE = 'campus-card';
// A key of its own, derived from the server secret: a pass can never pass for an access token or back.
const enc = (secret: string) => createHmac('sha256', secret).update('campus-card-pass-key').digest();

/** A fingerprint of the password inside the pass, so changing CAMPUS_CARD_PASSWORD ends every pass. */
function passwordTag(secret: string, password: string): string {
  return createHmac('sha256', secret).update(`campus-card:${password}`).digest('base64url').slice(0, 22);
}

/** Compares in constant time (on digests, so lengths never differ). */
export function passwordMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** A signed pass that opens the card until it expires. */
export async function signCampusPass(
  secret: string,
  password: string,
  now = new Date(),
): Promise<{ pass: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + CAMPUS_PASS_TTL_S * 1000);
  const pass = await new SignJWT({ pwt: passwordTag(secret, password) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(enc(secret));
  return { pass, expiresAt };
}

/** True when the pass was signed here, has not expired and was given for the current password. */
export async function campusPassValid(secret: string, password: string, pass: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(pass, enc(secret), { audience: AUDIENCE, algorithms: ['HS256'] });
    return payload['pwt'] === passwordTag(secret, password);
  } catch {
    return false;
  }
}

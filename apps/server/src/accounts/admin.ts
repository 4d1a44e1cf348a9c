import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { findUserByEmail, hashPassword, newShareCode, usernameFor } from './users.js';
import { forgetUser } from './user-cache.js';

/** Creates a verified admin with this e-mail and password, or promotes the existing account (its password kept). */
export async function ensureAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<'created' | 'promoted' | 'unchanged'> {
  const address = email.trim().toLowerCase();
  const existing = await findUserByEmail(db, address);
  if (existing) {
    if (existing.userLevel === 'admin' && existing.emailVerifiedAt) return 'unchanged';
    await db
      .update(users)
      .set({
        userLevel: 'admin',
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    forgetUser(existing.id);
    return 'promoted';
  }
  await db.insert(users).values({
    email: address,
    passwordHash: await hashPassword(password),
    username: usernameFor(address),
    shareCode: newShareCode(),
    userLevel: 'admin',
    emailVerifiedAt: new Date(),
    name: 'Admin',
  });
  return 'created';
}

import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema.js';

let seq = 0;
/** A unique e-mail for one test. */
export function email(tag = 'user'): string {
  seq += 1;
  return `${tag}-${process.pid}-${Date.now()}-${seq}@example.org`;
}

let ip = 0;
/** A fresh client address, so tests are not throttled by the per-address limits they do not test. */
export function clientAddress(): string {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
}

/** The latest 6-digit code mailed to an address (from the dev outbox). */
export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const [mail] = await app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** Registers and verifies an account; returns its tokens and user. */
export async function signUp(
  app: FastifyInstance,
  address = email(),
  password = 'secret-123',
  invited_code?: string,
) {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { email: address, password, invited_code },
    remoteAddress: clientAddress(),
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email',
    remoteAddress: clientAddress(),
    payload: { email: address, code: await lastCode(app, address) },
  });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
  const body = res.json<{
    token: string;
    refresh_token: string;
    user: { id: number; share_code: string; point: number };
  }>();
  return { email: address, password, ...body, auth: { authorization: `Bearer ${body.token}` } };
}

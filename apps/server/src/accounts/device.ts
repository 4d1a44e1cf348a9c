import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kv } from '../plugins/kv.js';

/** The cookie that names a browser, so its owner's sign-in is not slowed by guessers elsewhere. */
export const DEVICE_COOKIE = 'kouyu_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const YEAR_S = 365 * 24 * 3600;
// A device where the account signed in stays known for 90 days after its last sign-in.
const KNOWN_MS = 90 * 24 * 3600_000;

const key = (account: string, device: string) => `known-device:${account}:${device}`;

/** The device id a request's cookie carries, or null (none, or not one this server makes). */
export function deviceOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_COOKIE && value && DEVICE_ID.test(value)) return value;
  }
  return null;
}

/**
 * Devices where an account signed in (decision 023). A known device skips the account-wide sign-in
 * delay that guessers from many addresses build up: the id is random, sent only to the browser that
 * signed in with the right password, and useless for another account.
 */
export const knownDevice = {
  async is(kv: Kv, account: string, device: string | null): Promise<boolean> {
    return device !== null && (await kv.get(key(account, device))) !== null;
  },
  /** Remembers the request's device for the account, giving the browser an id first if it has none. */
  async remember(
    kv: Kv,
    account: string,
    req: FastifyRequest,
    reply: FastifyReply,
    secure: boolean,
  ): Promise<void> {
    let device = deviceOf(req);
    if (!device) {
      device = randomBytes(16).toString('base64url');
      const flags = `Path=/api/v1/auth; Max-Age=${YEAR_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
      reply.header('set-cookie', `${DEVICE_COOKIE}=${device}; ${flags}`);
    }
    await kv.set(key(account, device), '1', KNOWN_MS);
  },
};

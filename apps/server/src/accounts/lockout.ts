import type { Kv } from '../plugins/kv.js';

/**
 * Guessing defence for passwords and e-mailed codes (decision 012, after the OWASP authentication
 * cheat sheet): no hard lock an attacker can put on someone else's account. Failures are counted per
 * account and address together, per account alone and per address alone; past a number of free tries
 * each further try must wait a delay that doubles with every failure, up to a ceiling. The pair delay
 * stops one attacker without touching the owner elsewhere; the account delay slows a guesser spread
 * over many addresses but spares addresses where the account signed in before; the address delay
 * slows one address trying many accounts. A successful sign-in or a password reset clears them.
 */
export interface GuardPolicy {
  /** Names the keys, so the sign-in and code guards count apart. */
  name: string;
  /** Free failures per account and address before delays start. */
  pairFree: number;
  /** Free failures per account (all addresses) before delays start for unknown addresses. */
  accountFree: number;
  /** Free failures per address (all accounts) before delays start. */
  addressFree: number;
  /** The longest delay, in seconds. */
  maxDelayS: number;
}

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;
// An address where the account signed in stays known for 30 days.
const KNOWN_MS = 30 * DAY_MS;
const EPOCH_MS = 365 * DAY_MS;

/** Seconds to wait after `fails` failures when `free` are allowed: 0, then 1, 2, 4, … up to `max`. */
export function delayFor(fails: number, free: number, max: number): number {
  if (fails < free) return 0;
  return Math.min(max, 2 ** Math.min(30, fails - free));
}

/** Addresses where an account signed in: the account-wide delay does not apply there. */
export const knownAddress = {
  key: (account: string, address: string) => `known-address:${account}:${address}`,
  async remember(kv: Kv, account: string, address: string) {
    await kv.set(this.key(account, address), '1', KNOWN_MS);
  },
  async is(kv: Kv, account: string, address: string) {
    return (await kv.get(this.key(account, address))) !== null;
  },
};

export class AttemptGuard {
  constructor(
    private readonly kv: Kv,
    private readonly policy: GuardPolicy,
  ) {}

  /** The account's epoch: a reset moves it on, so every earlier count of the account is forgotten. */
  private async keys(account: string, address: string) {
    const n = this.policy.name;
    const epoch = (await this.kv.get(`${n}:epoch:${account}`)) ?? '0';
    return {
      pair: `${n}:pair:${epoch}:${account}:${address}`,
      account: `${n}:account:${epoch}:${account}`,
      address: `${n}:address:${address}`,
    };
  }

  /**
   * Seconds this account and address must still wait before another try (0 when it may try now).
   * `knownDevice`: the try comes from a device the account signed in on, which the account-wide delay
   * spares like a known address (accounts/device.ts).
   */
  async wait(account: string, address: string, knownDevice = false): Promise<number> {
    const k = await this.keys(account, address);
    const waits = [await this.kv.ttl(`${k.pair}:wait`), await this.kv.ttl(`${k.address}:wait`)];
    if (!knownDevice && !(await knownAddress.is(this.kv, account, address)))
      waits.push(await this.kv.ttl(`${k.account}:wait`));
    return Math.ceil(Math.max(...waits) / 1000);
  }

  /** Counts a failure; returns the account's failures (all addresses) for a notice to the owner. */
  async fail(account: string, address: string): Promise<{ accountFails: number }> {
    const { pairFree, accountFree, addressFree, maxDelayS } = this.policy;
    const k = await this.keys(account, address);
    const steps: [string, number, number][] = [
      [k.pair, pairFree, DAY_MS],
      [k.account, accountFree, DAY_MS],
      [k.address, addressFree, HOUR_MS],
    ];
    let accountFails = 0;
    for (const [key, free, window] of steps) {
      const fails = await this.kv.incr(key, window);
      if (key === k.account) accountFails = fails;
      const delay = delayFor(fails, free, maxDelayS);
      if (delay > 0) await this.kv.set(`${key}:wait`, '1', delay * 1000);
    }
    return { accountFails };
  }

  /** A right answer: this account and address start again, and the address becomes known. */
  async succeed(account: string, address: string): Promise<void> {
    const k = await this.keys(account, address);
    for (const key of [k.pair, `${k.pair}:wait`, k.account, `${k.account}:wait`]) await this.kv.del(key);
    await knownAddress.remember(this.kv, account, address);
  }

  /** Forgets every count of the account (after a password reset: the owner proved the mailbox). */
  async unlock(account: string): Promise<void> {
    const key = `${this.policy.name}:epoch:${account}`;
    await this.kv.set(key, String(Number((await this.kv.get(key)) ?? 0) + 1), EPOCH_MS);
  }
}

export interface GuardSettings {
  LOGIN_FREE_ATTEMPTS: number;
  LOGIN_MAX_DELAY_S: number;
  AUTH_RATE_LIMIT_SCALE: number;
}

/**
 * The two guards of the account routes. Sign-in: delays from the free tries on; the account-wide
 * count allows twice as many (a typo-prone owner on a new network is not slowed by one attacker);
 * one address six times as many, scaled like the other per-address limits (a school behind one
 * address). Codes: the pair has hard bounds (accounts/codes.ts: tries per code, a day's block); the
 * address count slows one address trying many accounts with growing delays.
 */
export function accountGuards(kv: Kv, s: GuardSettings) {
  const free = s.LOGIN_FREE_ATTEMPTS;
  const addressFree = Math.max(1, Math.round(6 * free * s.AUTH_RATE_LIMIT_SCALE));
  return {
    login: new AttemptGuard(kv, {
      name: 'login',
      pairFree: free,
      accountFree: 2 * free,
      addressFree,
      maxDelayS: s.LOGIN_MAX_DELAY_S,
    }),
    code: new AttemptGuard(kv, {
      name: 'code',
      // the pair has hard bounds instead (accounts/codes.ts): CODE_MAX_ATTEMPTS per code, then a
      // day's block after VERIFICATION_BLOCK_AFTER
      pairFree: Number.POSITIVE_INFINITY,
      // no account-wide delay: it would hold the owner back too (decision 023); codes.ts bounds the
      // guesses per code and the codes per day instead
      accountFree: Number.POSITIVE_INFINITY,
      addressFree,
      maxDelayS: s.LOGIN_MAX_DELAY_S,
    }),
  };
}

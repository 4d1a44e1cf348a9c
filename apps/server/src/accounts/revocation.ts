import type { Kv } from '../plugins/kv.js';

/** The most session ids whose state one process keeps (oldest out first). */
const CHECKED_MAX = 10_000;

/**
 * Ended sessions, so that an access token dies with its session instead of living out its lifetime
 * (decision 023). Logout, a password change and a reset put the ended session ids (the `sid` claim,
 * the refresh-token family) in the shared Kv store for as long as an access token can live, so every
 * instance refuses them. A signed-in read must not wait for the store: what the store said about a
 * session is kept here for `checkMs` (USER_CACHE_MS, the freshness the user row has too), and an
 * ending on this instance is known here at once; another instance learns it within `checkMs`.
 */
export class SessionRevocations {
  private readonly checked = new Map<string, { revoked: boolean; until: number }>();

  constructor(
    private readonly kv: Kv,
    private readonly tokenTtlS: number,
    private readonly checkMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  private key(sid: string): string {
    return `session-ended:${sid}`;
  }

  /** Whether the session has ended, when known without the store; null when it must be asked. */
  known(sid: string): boolean | null {
    const hit = this.checked.get(sid);
    if (!hit) return null;
    if (hit.revoked) return true;
    return hit.until > this.clock() ? false : null;
  }

  /** Whether the session has ended, asking the store when this process does not know it fresh. */
  async isRevoked(sid: string): Promise<boolean> {
    const known = this.known(sid);
    if (known !== null) return known;
    const revoked = (await this.kv.get(this.key(sid))) !== null;
    this.remember(sid, revoked);
    return revoked;
  }

  /** Ends sessions: their access tokens are refused from now on, on every instance. */
  async revoke(sids: readonly string[]): Promise<void> {
    for (const sid of sids) {
      this.remember(sid, true);
      // An access token lives at most tokenTtlS; the mark outlives the last one by a minute.
      await this.kv.set(this.key(sid), '1', (this.tokenTtlS + 60) * 1000);
    }
  }

  private remember(sid: string, revoked: boolean): void {
    this.checked.delete(sid);
    this.checked.set(sid, { revoked, until: this.clock() + this.checkMs });
    while (this.checked.size > CHECKED_MAX) {
      const oldest = this.checked.keys().next();
      if (oldest.done) break;
      this.checked.delete(oldest.value);
    }
  }
}

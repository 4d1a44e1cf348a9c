import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tokenExpiry } from '@/lib/session';
import { plusStatus } from '@kouyu/core';
import { LOCAL_LOGIN_MARKER, localAuth } from './local-login';

const assets = fileURLToPath(new URL('../../../dist/assets', import.meta.url));

describe('local test login', () => {
  it('is a Plus user with 1000 points for one year, and carries the marker at run time', () => {
    const now = Date.UTC(2026, 0, 1);
    const auth = localAuth(now);
    expect(auth.user.point).toBe(1000);
    const membership = plusStatus(auth.user.is_official, auth.payment_expiration, new Date(now));
    expect(membership.hasActivePlus).toBe(true);
    expect(membership.daysUntilExpiration).toBe(365);
    expect(tokenExpiry(auth.token)).toBeGreaterThan(now);
    expect(auth.token).toContain(LOCAL_LOGIN_MARKER);
  });

  it('is not in the production bundle', () => {
    if (!existsSync(assets)) throw new Error('apps/web/dist is missing: run npm run build first');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length, 'no scripts in apps/web/dist/assets: run npm run build first').toBeGreaterThan(0);
    for (const file of scripts) {
      expect(readFileSync(`${assets}/${file}`, 'utf8').includes(LOCAL_LOGIN_MARKER), file).toBe(false);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { loadConfig, ConfigError } from '../../../config.js';
import { now, setClockOffset } from '../../../lib/clock.js';

describe('test clock', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([createTestApp(), createTestApp({ TEST_CLOCK: 'true' })]);
  });
  afterAll(async () => {
    setClockOffset(0);
    await Promise.all([off.close(), on.close()]);
  });

  it('is a 404 when TEST_CLOCK is off, whatever the body', async () => {
    for (const payload of [{ offset_s: 86_400 }, {}, { offset_s: 'x' }]) {
      const res = await off.app.inject({ method: 'POST', url: '/api/v1/test/clock', payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'route_not_found' });
    }
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('moves now() when TEST_CLOCK is on, absolutely, and refuses a bad offset', async () => {
    const res = await on.app.inject({
      method: 'POST',
      url: '/api/v1/test/clock',
      payload: { offset_s: 86_400 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, offset_s: 86_400 });
    expect(now().getTime() - Date.now()).toBeGreaterThan(86_399_000);
    await on.app.inject({ method: 'POST', url: '/api/v1/test/clock', payload: { offset_s: 3600 } });
    expect(now().getTime() - Date.now()).toBeLessThan(3_601_000);
    const bad = await on.app.inject({
      method: 'POST',
      url: '/api/v1/test/clock',
      payload: { offset_s: 'tomorrow' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    setClockOffset(0);
  });

  it('is refused at boot in production', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: '/tmp/kouyu-clock-test', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...base, TEST_CLOCK: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig(base).TEST_CLOCK).toBe(false);
  });
});

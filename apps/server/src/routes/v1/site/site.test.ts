import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';

describe(`site facts on ${testDriver}`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('gives the configured contact e-mail', async () => {
    t = await createTestApp({ CONTACT_EMAIL: 'privacy@example.org' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/site' });
    expect(res.json()).toEqual({ success: true, data: { contact_email: 'privacy@example.org' } });
  });

  it('says WeChat is not available when no QR image is configured', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/wechat' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, data: null });
  });

  it('gives the WeChat QR image when configured', async () => {
    t = await createTestApp({ WECHAT_QR_URL: 'https://example.org/qr.png' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/wechat' });
    // Served through the site: the page's CSP allows only same-origin images.
    expect(res.json()).toEqual({ success: true, data: { url: '/api/v1/wechat/qr' } });
  });
});

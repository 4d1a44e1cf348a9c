import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { email } from '../test/accounts.js';

interface Received {
  to: string[];
  raw: string;
}

describe(`mail over SMTP on ${testDriver}`, () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const addr = server.server.address();
    port = typeof addr === 'object' && addr ? addr.port : 0;
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Kouyu <no-reply@kouyu.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the verification code in the user language to a real SMTP server', async () => {
    const address = email();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: address, password: 'secret-123', language: 'ru' },
    });
    expect(res.statusCode).toBe(201);
    const mail = received.find((m) => m.to.includes(address));
    expect(mail).toBeDefined();
    expect(mail?.raw).toContain('no-reply@kouyu.test');
    const decoded = mail?.raw.replace(/=\r?\n/g, '') ?? '';
    expect(decoded).toMatch(/\d{6}/);
    const outbox = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(outbox.statusCode).toBe(200);
  });
});

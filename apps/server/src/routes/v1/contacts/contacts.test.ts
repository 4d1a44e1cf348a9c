import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, signUp } from '../../../test/accounts.js';
import { contacts } from '../../../db/schema.js';

type Auth = Record<string, string>;

describe(`contact form on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (payload: Record<string, unknown>, headers: Auth = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      payload,
      headers,
      remoteAddress: clientAddress(),
    });
  const stored = (id: number) => t.app.database.db.select().from(contacts).where(eq(contacts.id, id));

  it('asks a guest to log in', async () => {
    const guest = await send({ message: 'Hello from a guest', feedback_type: 'general' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ success: false, code: 'login_required', message: 'Login required' });
    const forged = await send({ message: 'Hello from a guest' }, { authorization: 'Bearer not-a-token' });
    expect(forged.statusCode).toBe(401);
    // A token that does not hold is told apart from none, so the client refreshes it.
    expect(forged.json().code).toBe('token_expired');
  });

  it('stores a trimmed message with its type; a rating only for the rated types', async () => {
    const bugReporter = await signUp(t.app);
    const bug = await send(
      { message: '  The player stops  ', feedback_type: 'bug', rating: 4 },
      bugReporter.auth,
    );
    expect(bug.statusCode).toBe(201);
    const body = bug.json();
    expect(body).toMatchObject({ success: true, data: { id: expect.any(Number), cooldown: 20 } });
    const [row] = await stored(body.data.id);
    expect(row).toMatchObject({
      userId: bugReporter.user.id,
      message: 'The player stops',
      feedbackType: 'bug',
      rating: null,
      status: 'new',
      adminNote: null,
    });

    const fan = await signUp(t.app);
    const praise = await send(
      { message: 'Lovely examiner voice', feedback_type: 'praise', rating: 5 },
      fan.auth,
    );
    expect(praise.statusCode).toBe(201);
    expect((await stored(praise.json().data.id))[0]).toMatchObject({ feedbackType: 'praise', rating: 5 });

    const plain = await signUp(t.app);
    const general = await send({ message: 'A message with no type' }, plain.auth);
    expect((await stored(general.json().data.id))[0]).toMatchObject({
      feedbackType: 'general',
      rating: null,
    });
  });

  it('refuses a message that breaks the form rules, without starting a cooldown', async () => {
    const user = await signUp(t.app);
    // The code is the validation key of core where the form shows one.
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ message: '     ' }, 'message', 'message_required'],
      [{ feedback_type: 'bug' }, 'message', 'message_required'],
      [{ message: ' abcd ' }, 'message', 'message_too_short'],
      [{ message: 'x'.repeat(1025) }, 'message', 'message_too_long'],
      [{ message: 'Rate the AI', feedback_type: 'ai_feedback', rating: 6 }, 'rating', 'rating_range'],
      [{ message: 'Rate the AI', feedback_type: 'ai_feedback', rating: 0 }, 'rating', 'rating_range'],
      [{ message: 'Something else', feedback_type: 'complaint' }, 'feedback_type'],
    ];
    for (const [payload, field, code] of cases) {
      const res = await send(payload, user.auth);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().details.fields[0]).toMatchObject(code ? { field, code } : { field });
    }
    const tooLong = await send({ message: 'x'.repeat(1025) }, user.auth);
    expect(tooLong.json().message).toBe('Message is too long. Please reduce to 1024 characters or less.');
    // None of the refused messages counted: a valid one goes through right away.
    expect((await send({ message: 'Now a proper message' }, user.auth)).statusCode).toBe(201);
  });

  it('makes a user wait 20 seconds between messages, others not', async () => {
    const user = await signUp(t.app);
    expect((await send({ message: 'First message here' }, user.auth)).statusCode).toBe(201);
    const again = await send({ message: 'Second message here' }, user.auth);
    expect(again.statusCode).toBe(429);
    const body = again.json();
    expect(body).toMatchObject({ success: false, code: 'feedback_cooldown' });
    expect(body.cooldown).toBeGreaterThanOrEqual(19);
    expect(body.cooldown).toBeLessThanOrEqual(20);
    expect(body.message).toBe(`Please wait ${body.cooldown} seconds before sending another message.`);
    expect(await t.app.database.db.$count(contacts, eq(contacts.userId, user.user.id))).toBe(1);

    const other = await signUp(t.app);
    expect((await send({ message: 'Somebody else writes' }, other.auth)).statusCode).toBe(201);
  });
});

describe(`contact cooldown length on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTACT_COOLDOWN_S: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the user write again once the configured wait is over', async () => {
    const user = await signUp(t.app);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/contacts',
        payload: { message: 'A message again' },
        headers: user.auth,
        remoteAddress: clientAddress(),
      });
    const started = Date.now();
    expect((await send()).statusCode).toBe(201);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().cooldown).toBe(1);
    await expect.poll(async () => (await send()).statusCode, { timeout: 5000, interval: 100 }).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

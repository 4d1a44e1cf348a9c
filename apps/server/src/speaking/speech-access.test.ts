import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hskkQuestions, hskkTests } from '../db/schema.js';
import { startDashScopeStandIn } from '../speech/asr/standins/dashscope-standin.js';
import type { DashScopeStandIn } from '../speech/asr/standins/dashscope-standin.js';
import { SocketReader } from '../speech/asr/standins/socket-reader.js';
import { tone } from '../speech/asr/standins/tone.js';
import { encodeWav } from '../speech/asr/wav.js';
import { clientAddress, signUp } from '../test/accounts.js';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { seedHskk } from '../test/speaking.js';

const KEY = 'sk-speech-rules';
const QUOTA = 2;
const FORGED = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged';

const runTask = (id: string) =>
  JSON.stringify({
    header: { action: 'run-task', task_id: id },
    payload: { parameters: { sample_rate: id.startsWith('tts') ? 22050 : 16000, format: 'pcm' } },
  });
const say = (id: string, text: string) =>
  JSON.stringify({ header: { action: 'continue-task', task_id: id }, payload: { input: { text } } });

const eventOf = (m: unknown): unknown =>
  typeof m === 'object' && m !== null && 'header' in m && typeof m.header === 'object' && m.header !== null
    ? Reflect.get(m.header, 'event')
    : undefined;
const errorCodeOf = (m: unknown): unknown =>
  typeof m === 'object' && m !== null && 'header' in m && typeof m.header === 'object' && m.header !== null
    ? Reflect.get(m.header, 'error_code')
    : undefined;

describe(`who may use the speech sockets and routes, on ${testDriver}`, () => {
  let t: TestApp;
  let standIn: DashScopeStandIn;
  let token = '';
  let tryQuestion: { id: number; audioText: string };
  let partTwoQuestion = 0;
  let lockedQuestion = 0;

  const open = async (url: string) => {
    const socket = Object.defineProperty(new Socket(), 'remoteAddress', { value: clientAddress() });
    const attached: { reader?: SocketReader } = {};
    const ws = await t.app.injectWS(
      url,
      { socket },
      { onInit: (c) => (attached.reader = new SocketReader(c)) },
    );
    if (!attached.reader) throw new Error('socket not initialised');
    return { ws, reader: attached.reader };
  };

  const upload = async (query: string, headers: Record<string, string> = {}) => {
    const form = new FormData();
    const wav = encodeWav(tone(440, 0.5, 16000), 16000);
    form.append('audio', new Blob([wav], { type: 'audio/wav' }), 'a.wav');
    const req = new Request('http://local/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/transcribe${query}`,
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') ?? '', ...headers },
      remoteAddress: clientAddress(),
    });
  };

  beforeAll(async () => {
    standIn = await startDashScopeStandIn(KEY);
    t = await createTestApp({
      ASR_ENGINE: 'dashscope',
      DASHSCOPE_API_KEY: KEY,
      DASHSCOPE_WS_URL: standIn.url,
      TTS_ENGINE: 'espeak',
      SPEECH_QUOTA_PER_DAY: String(QUOTA),
    });
    await seedHskk(t.app);
    const db = t.app.database.db;
    const [tryTest] = await db.select().from(hskkTests).where(eq(hskkTests.isTry, true)).limit(1);
    const [locked] = await db.select().from(hskkTests).where(eq(hskkTests.isTry, false)).limit(1);
    if (!tryTest || !locked) throw new Error('the seed has no try test');
    const inPart = async (testId: number, part: number) => {
      const [q] = await db
        .select()
        .from(hskkQuestions)
        .where(and(eq(hskkQuestions.testId, testId), eq(hskkQuestions.part, part)))
        .limit(1);
      if (!q) throw new Error(`no question in test ${testId} part ${part}`);
      return q;
    };
    const one = await inPart(tryTest.id, 1);
    tryQuestion = { id: one.id, audioText: one.audioText };
    partTwoQuestion = (await inPart(tryTest.id, 2)).id;
    lockedQuestion = (await inPart(locked.id, 1)).id;
    token = (await signUp(t.app)).token;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('answers a present but invalid token with 401 on a route that welcomes guests', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/v1/tests/level/basic' });
    expect(guest.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tests/level/basic',
      headers: { authorization: `Bearer ${FORGED}` },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, code: 'token_expired' });
  });

  for (const path of ['/api/v1/asr/ws', '/api/v1/asrd/ws', '/api/v1/tts/ws']) {
    it(`${path}: a bad token is refused with 4401`, async () => {
      const { reader } = await open(`${path}?token=${FORGED}`);
      expect(JSON.stringify(await reader.next())).toContain('token_expired');
      expect((await reader.closed).code).toBe(4401);
    });
  }

  it('realtime recognition (auto mode) needs sign-in, even for the try question', async () => {
    for (const path of ['/api/v1/asr/ws', '/api/v1/asrd/ws']) {
      const { reader } = await open(`${path}?question_id=${tryQuestion.id}`);
      expect(JSON.stringify(await reader.next())).toContain('login_required');
      expect((await reader.closed).code).toBe(4401);
    }
  });

  it('serves a signed-in learner, then refuses with 4429 once the daily quota of the vendor engine is used', async () => {
    // The start message goes out at once: it is held during the check, not lost.
    for (let i = 0; i < QUOTA; i++) {
      const { ws, reader } = await open(`/api/v1/asr/ws?token=${token}`);
      ws.send(runTask(`asr-${i}`));
      expect(eventOf(await reader.next())).toBe('task-started');
      ws.close();
    }
    const { reader } = await open(`/api/v1/asr/ws?token=${token}`);
    const refusal = await reader.next();
    expect(errorCodeOf(refusal)).toBe('speech_quota_reached');
    expect(JSON.stringify(refusal)).toContain(`speech allowance (${QUOTA})`);
    expect((await reader.closed).code).toBe(4429);
    // Uploads count against the same quota.
    const upload429 = await upload('', { authorization: `Bearer ${token}` });
    expect(upload429.statusCode).toBe(429);
    expect(upload429.json()).toMatchObject({ code: 'speech_quota_reached' });
  });

  it('lets a guest synthesise the try question of part 1, and nothing else', async () => {
    const { reader: noQuestion } = await open('/api/v1/tts/ws');
    expect(JSON.stringify(await noQuestion.next())).toContain('auth_token_missing');
    expect((await noQuestion.closed).code).toBe(4401);

    const { reader: locked } = await open(`/api/v1/tts/ws?question_id=${lockedQuestion}`);
    expect(JSON.stringify(await locked.next())).toContain('login_required');
    expect((await locked.closed).code).toBe(4401);

    const { reader: partTwo } = await open(`/api/v1/tts/ws?question_id=${partTwoQuestion}`);
    expect(JSON.stringify(await partTwo.next())).toContain('guest_part_only');
    expect((await partTwo.closed).code).toBe(4403);

    const { ws, reader } = await open(`/api/v1/tts/ws?question_id=${tryQuestion.id}`);
    const id = `tts-${randomUUID()}`;
    ws.send(runTask(id));
    ws.send(say(id, tryQuestion.audioText));
    ws.send(say(id, '随便说点别的'));
    const seen = await reader.until((m) => eventOf(m) === 'task-failed');
    expect(seen.map(eventOf)).toEqual(['task-started', 'result-generated', 'task-failed']);
    expect(errorCodeOf(seen.at(-1))).toBe('login_required');
    ws.close();
  });

  it('lets a signed-in learner synthesise any text', async () => {
    const { ws, reader } = await open(`/api/v1/tts/ws?token=${token}`);
    const id = `tts-${randomUUID()}`;
    ws.send(runTask(id));
    ws.send(say(id, '随便说点别的'));
    expect((await reader.until((m) => eventOf(m) === 'result-generated')).map(eventOf)).toEqual([
      'task-started',
      'result-generated',
    ]);
    ws.close();
  });

  it('lets a guest upload an answer only to a try question of part 1', async () => {
    const missing = await upload('');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      code: 'auth_token_missing',
      error: 'Authentication token not found. Please log in.',
    });
    const partTwo = await upload(`?question_id=${partTwoQuestion}`);
    expect(partTwo.statusCode).toBe(403);
    expect(partTwo.json()).toMatchObject({ code: 'guest_part_only' });
    const forged = await upload(`?question_id=${tryQuestion.id}`, { authorization: `Bearer ${FORGED}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'token_expired' });
    const allowed = await upload(`?question_id=${tryQuestion.id}`);
    expect(allowed.statusCode).toBe(200);
  });

  it('speaks our own content to guests, and other text only to signed-in learners', async () => {
    const speak = (text: string, extra = '') =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/speak?format=json&text=${encodeURIComponent(text)}${extra}`,
        remoteAddress: clientAddress(),
      });
    expect((await speak(tryQuestion.audioText)).statusCode).toBe(200);
    const other = await speak('这不是我们的内容');
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ code: 'auth_token_missing' });
    const forged = await speak('这不是我们的内容', `&token=${FORGED}`);
    expect(forged.json()).toMatchObject({ code: 'token_expired' });
    const fresh = await signUp(t.app);
    expect((await speak('这不是我们的内容', `&token=${fresh.token}`)).statusCode).toBe(200);
  });

  it('refuses a bad token on the feedback socket with 4401 and on prepare-ws with 401', async () => {
    const query = new URLSearchParams({
      question_id: String(tryQuestion.id),
      level_id: '1',
      part_id: '1',
      user_answers: '你好',
      token: FORGED,
    });
    const { ws, closed } = await feedbackClose(`/api/v1/user-test-questions/ws?${query.toString()}`);
    expect(await closed).toBe(4401);
    ws.terminate();
    const prepared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions/prepare-ws',
      payload: { question_id: tryQuestion.id, level_id: 1, part_id: 1, user_answers: '你好', token: FORGED },
      remoteAddress: clientAddress(),
    });
    expect(prepared.statusCode).toBe(401);
    expect(prepared.json()).toMatchObject({ code: 'token_expired' });
  });

  // One auth path (plugins/auth.ts `callerOfToken`): every route, socket and prepared session turns a
  // token into a user the same way, so a token whose session ended is refused by each of them at once.
  it('refuses the token of an ended session on every route, socket and prepared session alike', async () => {
    const learner = await signUp(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: learner.auth });
    expect(logout.statusCode).toBe(200);
    const ended = learner.token;
    const results = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-test-questions',
      headers: learner.auth,
    });
    expect([results.statusCode, results.json().code]).toEqual([401, 'token_expired']);
    const welcoming = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tests/level/basic',
      headers: learner.auth,
    });
    expect([welcoming.statusCode, welcoming.json().code]).toEqual([401, 'token_expired']);
    const prepared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions/prepare-ws',
      payload: { question_id: tryQuestion.id, level_id: 1, part_id: 1, user_answers: '你好', token: ended },
      remoteAddress: clientAddress(),
    });
    expect([prepared.statusCode, prepared.json().code]).toEqual([401, 'token_expired']);
    const query = new URLSearchParams({
      question_id: String(tryQuestion.id),
      level_id: '1',
      part_id: '1',
      user_answers: '你好',
      token: ended,
    });
    const feedback = await feedbackClose(`/api/v1/user-test-questions/ws?${query.toString()}`);
    expect(await feedback.closed).toBe(4401);
    feedback.ws.terminate();
    for (const path of ['/api/v1/asr/ws', '/api/v1/tts/ws']) {
      const { reader } = await open(`${path}?token=${ended}`);
      expect(JSON.stringify(await reader.next())).toContain('token_expired');
      expect((await reader.closed).code).toBe(4401);
    }
    const speak = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/speak?format=json&text=${encodeURIComponent('这不是我们的内容')}&token=${ended}`,
      remoteAddress: clientAddress(),
    });
    expect([speak.statusCode, speak.json().code]).toEqual([401, 'token_expired']);
  });

  const feedbackClose = async (url: string) => {
    const socket = Object.defineProperty(new Socket(), 'remoteAddress', { value: clientAddress() });
    const ws = await t.app.injectWS(url, { socket });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    return { ws, closed };
  };
});

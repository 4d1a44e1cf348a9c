import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHealth } from '../../../test/health.js';
import { int16ToBytes } from '../../../speech/asr/audio.js';
import { SocketReader } from '../../../speech/asr/standins/socket-reader.js';
import { tone } from '../../../speech/asr/standins/tone.js';
import { encodeWav } from '../../../speech/asr/wav.js';
import { isNull } from 'drizzle-orm';
import { answerRecordings } from '../../../db/schema.js';
import { signUp } from '../../../test/accounts.js';
import { seedHskk } from '../../../test/speaking.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';

const UNAVAILABLE = 'Speech recognition is not configured on this server. You can type what you said.';

describe(`speech recognition without an engine on ${testDriver}`, () => {
  let t: TestApp;
  let address = 0;
  let token = '';
  const open = async (url: string) => {
    const socket = Object.defineProperty(new Socket(), 'remoteAddress', { value: `10.3.0.${++address}` });
    const attached: { reader?: SocketReader } = {};
    const ws = await t.app.injectWS(
      `${url}?token=${token}`,
      { socket },
      { onInit: (client) => (attached.reader = new SocketReader(client)) },
    );
    if (!attached.reader) throw new Error('socket not initialised');
    return { ws, reader: attached.reader };
  };

  beforeAll(async () => {
    // `auto` with no key and no downloaded model: nothing can recognise speech.
    t = await createTestApp({ ASR_ENGINE: 'auto' });
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('says so on the DashScope-style socket instead of pretending', async () => {
    const { ws, reader } = await open('/api/v1/asr/ws');
    ws.send(
      JSON.stringify({
        header: { action: 'run-task', task_id: 't1' },
        payload: { parameters: { sample_rate: 16000, format: 'pcm' } },
      }),
    );
    ws.send(int16ToBytes(tone(440, 0.1, 16000)));
    expect(await reader.next()).toEqual({
      code: 4503,
      header: {
        event: 'task-failed',
        task_id: 't1',
        error_code: 'asr_unavailable',
        error_message: UNAVAILABLE,
      },
    });
    expect((await reader.closed).code).toBe(4503);
  });

  it('says so on the Doubao-style socket', async () => {
    const { ws, reader } = await open('/api/v1/asrd/ws');
    ws.send(JSON.stringify({ type: 'start_asr', format: 'raw', language: 'zh-CN', time_limit: 10 }));
    expect(await reader.next()).toEqual({
      code: 4503,
      type: 'error',
      error_code: 'asr_unavailable',
      message: UNAVAILABLE,
    });
  });

  it('answers transcription with 503 asr_unavailable', async () => {
    const form = new FormData();
    form.append('audio', new Blob([encodeWav(tone(440, 0.2, 16000), 16000)], { type: 'audio/wav' }), 'a.wav');
    const req = new Request('http://local/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/transcribe',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') ?? '', authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(503);
    // The recording is kept all the same, so the feedback can still hear its tones and pauses.
    expect(res.json()).toEqual({
      success: false,
      code: 'asr_unavailable',
      message: UNAVAILABLE,
      error: UNAVAILABLE,
      audio_id: expect.stringMatching(/^[\w-]{8,}$/),
    });
  });

  it('keeps no recording of a guest it refuses', async () => {
    await seedHskk(t.app);
    const form = new FormData();
    form.append('audio', new Blob([encodeWav(tone(440, 0.5, 16000), 16000)], { type: 'audio/wav' }), 'a.wav');
    const req = new Request('http://local/', { method: 'POST', body: form });
    const before = await t.app.database.db
      .select()
      .from(answerRecordings)
      .where(isNull(answerRecordings.userId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/transcribe?question_id=101101',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).not.toHaveProperty('audio_id');
    const after = await t.app.database.db
      .select()
      .from(answerRecordings)
      .where(isNull(answerRecordings.userId));
    expect(after).toHaveLength(before.length);
  });

  it('shows the missing engine in the health report', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.json()).toEqual({ status: 'ok', recognition: 'none' });
    expect(await adminHealth(t.app)).toMatchObject({ engines: { asr: { name: 'none', ready: false } } });
  });
});

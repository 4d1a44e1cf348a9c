import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessResponseSchema, toneVerdict } from '@kouyu/core';
import { resampleInt16 } from '../../../speech/asr/audio.js';
import { encodeWav } from '../../../speech/asr/wav.js';
import { hasEspeakBinary } from '../../../speech/tts/espeak-engine.js';
import { makeItem } from '../../../speech/voice/labelled-set.js';
import { signUp } from '../../../test/accounts.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';

/** A real multipart body, encoded by the platform's FormData, for `inject`. */
async function multipart(audio: Uint8Array | null, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (audio) form.append('audio', new Blob([audio], { type: 'audio/wav' }), 'answer.wav');
  const req = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

const TEXT = '我每天早上七点起床。';

describe.runIf(hasEspeakBinary())(`POST /api/v1/audio/assess on ${testDriver}`, () => {
  let t: TestApp;
  let auth: Record<string, string> = {};
  const post = async (audio: Uint8Array | null, fields: Record<string, string>, headers = auth) => {
    const body = await multipart(audio, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/assess',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_LIMIT_BYTES: String(4 * 1024 * 1024) });
    auth = (await signUp(t.app)).auth;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('judges each syllable of a reading and its fluency, from a WAV at 22.05 kHz', async () => {
    // Item 2 of the labelled set reads the text with the right tones.
    const item = await makeItem(TEXT, 2);
    const res = await post(encodeWav(resampleInt16(item.pcm, 16_000, 22_050), 22_050), {
      reference_text: TEXT,
    });
    expect(res.statusCode).toBe(200);
    const body = assessResponseSchema.parse(res.json());
    expect(body.syllables.map((s) => s.char).join('')).toBe('我每天早上七点起床');
    expect(body.syllables.map((s) => s.expected_tone)).toEqual([2, 3, 1, 3, 4, 1, 2, 3, 2]);
    expect(body.syllables[3]?.pinyin).toBe('zǎo');
    const right = body.syllables.filter((s) => s.heard_tone === s.expected_tone).length;
    expect(right).toBeGreaterThanOrEqual(7);
    body.syllables.forEach((s, k) => {
      expect(Math.abs(s.start_ms - (item.truth[k]?.[0] ?? 0))).toBeLessThan(120);
    });
    expect(body.fluency.pause_count).toBe(0);
    expect(body.fluency.speech_ms).toBeGreaterThan(1000);
  });

  it('marks a syllable read with a wrong tone', async () => {
    const item = await makeItem(TEXT, 3);
    const wrong = item.spoken.flatMap((tone, k) => (tone === item.expected[k]?.tone ? [] : [k]));
    expect(wrong.length).toBeGreaterThan(0);
    const res = await post(encodeWav(item.pcm, 16_000), { reference_text: TEXT });
    const body = assessResponseSchema.parse(res.json());
    const flagged = body.syllables.flatMap((s, k) => (toneVerdict(s) === 'wrong' ? [k] : []));
    expect(flagged.some((k) => wrong.includes(k))).toBe(true);
  });

  it('refuses what it cannot assess, with a code the app translates', async () => {
    const speech = encodeWav(
      new Int16Array(16_000).map((_, i) => Math.round(8000 * Math.sin(i / 10))),
      16_000,
    );
    const cases: Array<[Promise<{ statusCode: number; json: () => unknown }>, number, string]> = [
      [post(speech, { reference_text: 'Hello, world' }), 400, 'no_chinese_text'],
      [post(speech, {}), 400, 'no_chinese_text'],
      [post(null, { reference_text: TEXT }), 400, 'no_audio_recorded'],
      [post(new Uint8Array(0), { reference_text: TEXT }), 400, 'no_audio_recorded'],
      [post(encodeWav(new Int16Array(0), 16_000), { reference_text: TEXT }), 400, 'no_audio_recorded'],
      [
        post(new TextEncoder().encode('this is not audio at all'), { reference_text: TEXT }),
        415,
        'unsupported_media_type',
      ],
      [
        post(
          Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEjunk'), Buffer.alloc(40)]),
          { reference_text: TEXT },
        ),
        400,
        'audio_unreadable',
      ],
      [post(encodeWav(new Int16Array(8_000 * 61), 8_000), { reference_text: TEXT }), 413, 'audio_too_long'],
      [post(speech, { reference_text: TEXT }, {}), 401, 'not_authenticated'],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect({ status: res.statusCode, code: res.json() }).toMatchObject({ status, code: { code } });
    }
  });

  it('limits each user to a number of assessments a minute', async () => {
    const other = (await signUp(t.app)).auth;
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/audio/assess',
        headers: other,
        payload: {},
      });
      last = res.statusCode;
      if (i < 30) expect(res.statusCode).toBe(415);
    }
    expect(last).toBe(429);
    // Someone else is not held back by it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/audio/assess',
      headers: auth,
      payload: {},
    });
    expect(res.statusCode).toBe(415);
  });
});

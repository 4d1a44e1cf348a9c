import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../app.js';
import { HTTP_MATRIX, QUOTA_MATRIX, SOCKET_MATRIX } from './authorization-matrix.js';
import { startOpenAiStandIn } from '../../speech/asr/standins/openai-standin.js';
import { tone } from '../../speech/asr/standins/tone.js';
import { encodeWav } from '../../speech/asr/wav.js';
import { clientAddress, signUp } from '../accounts.js';
import { seedHskk } from '../speaking.js';
import { ROLES, concreteUrl, report, suiteApp } from './roles.js';
import type { SuiteApp } from './roles.js';

/** The authorization class of a status: the refusals under test exactly, anything else as "passed". */
function outcome(status: number): string {
  if (status === 401 || status === 403) return String(status);
  if (status >= 500 && status !== 503) return `server error ${status}`;
  return 'passed';
}

// Decision 028: every route and socket × guest, free, Plus, expired Plus and admin, generated from the
// server's own route table.
describe(`authorization matrix on ${testDriver}`, () => {
  let s: SuiteApp;
  beforeAll(async () => {
    s = await suiteApp();
  });
  afterAll(async () => {
    await s.close();
  });

  it('has one row for every route the server has, and no row for a route it lacks', () => {
    const http = s.routes.filter((r) => !r.websocket).map((r) => `${r.method} ${r.url}`);
    const sockets = s.routes.filter((r) => r.websocket).map((r) => `${r.method} ${r.url}`);
    expect(
      http.filter((k) => !(k in HTTP_MATRIX)),
      'routes without a row in authorization-matrix.ts',
    ).toEqual([]);
    expect(
      sockets.filter((k) => !(k in SOCKET_MATRIX)),
      'sockets without a row',
    ).toEqual([]);
    expect(
      Object.keys(HTTP_MATRIX).filter((k) => !http.includes(k)),
      'rows of routes that are gone',
    ).toEqual([]);
    expect(
      Object.keys(SOCKET_MATRIX).filter((k) => !sockets.includes(k)),
      'rows of sockets that are gone',
    ).toEqual([]);
    report(`authorization matrix: routes present at this run:\n  ${[...http, ...sockets].join('\n  ')}`);
  });

  it('answers every HTTP cell as the table says', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const route of s.routes.filter((r) => !r.websocket)) {
      const key = `${route.method} ${route.url}`;
      const expected = HTTP_MATRIX[key]?.split(' ');
      if (!expected) continue;
      for (const [i, role] of ROLES.entries()) {
        const res = await s.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: s.headers[role],
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
        });
        cells += 1;
        const want = outcome(Number(expected[i]));
        const got = outcome(res.statusCode);
        if (want !== got) wrong.push(`${key} as ${role}: expected ${expected[i]}, got ${res.statusCode}`);
        // Signing out ends the session at once (decision 023): the role signs in again for the next cells.
        if (key === 'POST /api/v1/auth/logout' && role !== 'guest') await s.signInAgain(role);
      }
    }
    report(`authorization matrix: ${cells} HTTP cells, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
    // Admin routes are refused to every non-admin, whatever the table says.
    for (const [key, row] of Object.entries(HTTP_MATRIX)) {
      if (!key.includes(' /api/v1/admin/')) continue;
      expect(row.split(' ').slice(0, 4), key).toEqual(['401', '403', '403', '403']);
    }
  });

  // An access token used to outlive logout by up to its lifetime (decision 023).
  it('refuses a signed-out token on every route a guest is refused', async () => {
    const user = await signUp(s.app);
    const out = await s.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);
    const wrong: string[] = [];
    let cells = 0;
    for (const route of s.routes.filter((r) => !r.websocket)) {
      const key = `${route.method} ${route.url}`;
      if (HTTP_MATRIX[key]?.split(' ')[0] !== '401') continue;
      const res = await s.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: user.auth,
        ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
      });
      cells += 1;
      if (res.statusCode !== 401) wrong.push(`${key}: got ${res.statusCode}`);
    }
    report(`authorization matrix: ${cells} signed-out cells, ${wrong.length} wrong`);
    expect(cells).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('opens each socket as the table says', async () => {
    let cells = 0;
    const wrong: string[] = [];
    for (const route of s.routes.filter((r) => r.websocket)) {
      const key = `${route.method} ${route.url}`;
      const expected = SOCKET_MATRIX[key]?.split(' ');
      if (!expected) continue;
      for (const [i, role] of ROLES.entries()) {
        const token = s.tokens[role];
        const url = token ? `${route.url}?token=${encodeURIComponent(token)}` : route.url;
        let state = 'refused';
        try {
          const ws = await s.app.injectWS(url);
          state = 'open';
          ws.terminate();
        } catch {
          state = 'refused';
        }
        cells += 1;
        if (state !== expected[i]) wrong.push(`${key} as ${role}: expected ${expected[i]}, got ${state}`);
      }
    }
    report(`authorization matrix: ${cells} socket cells, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });
});

describe(`quotas by role on ${testDriver}`, () => {
  it('keeps recordings as the quota table says', async () => {
    const asr = await startOpenAiStandIn(null);
    const q = await suiteApp({
      ASR_ENGINE: 'openai',
      OPENAI_ASR_BASE_URL: asr.baseUrl,
      GUEST_AUDIO_PER_ADDRESS_HOUR: '1',
    });
    try {
      await seedHskk(q.app);
      const form = new FormData();
      form.append(
        'audio',
        new Blob([encodeWav(tone(440, 0.3, 16000), 16000)], { type: 'audio/wav' }),
        'a.wav',
      );
      const request = new Request('http://local/', { method: 'POST', body: form });
      const payload = Buffer.from(await request.arrayBuffer());
      const type = request.headers.get('content-type') ?? '';
      const row: string[] = [];
      for (const role of ROLES) {
        const address = clientAddress();
        let kept = 0;
        for (let i = 0; i < 3; i++) {
          const res = await q.app.inject({
            method: 'POST',
            url: '/api/v1/audio/transcribe?question_id=101101',
            headers: { ...q.headers[role], 'content-type': type },
            remoteAddress: address,
            payload,
          });
          expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
          if (res.json<{ audio_id?: string }>().audio_id) kept += 1;
        }
        row.push(String(kept));
      }
      report(`authorization matrix: ${ROLES.length * 3} quota cells`);
      expect(row.join(' ')).toBe(QUOTA_MATRIX['POST /api/v1/audio/transcribe (kept of 3)']);
    } finally {
      await q.close();
      await asr.close();
    }
  }, 120_000);
});

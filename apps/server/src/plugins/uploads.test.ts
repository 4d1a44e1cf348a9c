import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { signUp } from '../test/accounts.js';
import { setPlus } from '../test/speaking.js';
import { renderHandwriting } from '../test/handwriting.js';
import { multipartBoundary } from './uploads.js';

// Decision 028, defect 4 and the upload part of 8: malformed multipart was a 500, an oversized upload was
// read to the end before its 413, and a polyglot photo was stored byte for byte.
// Every route that reads a multipart form, through the one upload reader.
const UPLOAD_ROUTES = [
  '/api/v1/audio/transcribe',
  '/api/v1/audio/assess',
  '/api/v1/dictation/analyze',
  '/api/v1/dictation/extract-words',
];

describe(`uploads on ${testDriver}`, () => {
  let t: TestApp;
  let dataDir: string;
  let auth: Record<string, string>;
  const LIMIT = 200_000;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-uploads-'));
    t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    const plus = await signUp(t.app);
    await setPlus(t.app, plus.user.id, 30);
    auth = plus.auth;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the boundary parameter', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; boundary="a b"; x=1')).toBe('a b');
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary=')).toBeNull();
  });

  const long = 'b'.repeat(300);
  const bodies: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', 'x'],
    [
      'a truncated body',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\nAAAA',
    ],
    [
      'a boundary over 256 characters',
      `multipart/form-data; boundary=${long}`,
      `--${long}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${long}--\r\n`,
    ],
  ];
  for (const url of UPLOAD_ROUTES) {
    for (const [name, type, payload] of bodies) {
      it(`${url}: ${name} is a 400 malformed_upload`, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...auth, 'content-type': type },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'malformed_upload' });
      });
    }
  }

  // A file part cut in its middle: the parser's "Part terminated early" was a 500.
  const cutFile =
    '--abc\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\n' +
    'A'.repeat(100_000);
  const nulField =
    '--abc\r\nContent-Disposition: form-data; name="reference_text"\r\n\r\n\u5b66\u0000\r\n--abc--\r\n';
  for (const url of UPLOAD_ROUTES) {
    it(`${url}: a file part cut short is a 400 malformed_upload`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: cutFile,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'malformed_upload' });
    });

    it(`${url}: a text field holding U+0000 is a 400 validation_failed`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: nulField,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        details: { fields: [{ code: 'text_nul' }] },
      });
    });

    it(`${url}: two files are a 400 validation_failed`, async () => {
      const file = (n: string) =>
        `--abc\r\nContent-Disposition: form-data; name="${n}"; filename="a.bin"\r\nContent-Type: audio/webm\r\n\r\nAAAA\r\n`;
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: `${file('audio')}${file('image')}--abc--\r\n`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    });
  }

  /** Posts a chunked multipart body from `chunks`, pulled only as the connection takes them. */
  async function chunked(url: string, chunks: () => Uint8Array | null) {
    const { port } = t.app.server.address() as AddressInfo;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        const next = chunks();
        if (next === null) c.close();
        else {
          pulled += next.length;
          c.enqueue(next);
        }
      },
    });
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' },
      body,
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, json: (await res.json()) as { code: string }, pulled: () => pulled };
  }

  const head = new TextEncoder().encode(
    '--abc\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\n',
  );

  it('stops reading a chunked 50 MB upload at the limit, with a 413', async () => {
    const mb = new Uint8Array(1024 * 1024).fill(65);
    let sent = -1;
    const res = await chunked('/api/v1/audio/transcribe', () => {
      sent += 1;
      return sent === 0 ? head : sent <= 50 ? mb : null;
    });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('payload_too_large');
    // The limit is 200 kB: what was pulled beyond it is what the sockets buffered, far from 50 MB.
    expect(res.pulled()).toBeLessThan(16 * 1024 * 1024);
  });

  it('answers a chunked upload that ends without its closing boundary with a 400', async () => {
    let sent = 0;
    const res = await chunked('/api/v1/audio/assess', () => (sent++ === 0 ? head : null));
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('malformed_upload');
  });

  it('refuses an upload by its declared length before the body is sent', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        // Only the headers: were the server waiting for the 50 MB body, no answer would ever come.
        socket.write(
          'POST /api/v1/audio/transcribe HTTP/1.1\r\nHost: x\r\n' +
            `Authorization: ${auth['authorization']}\r\n` +
            'Content-Type: multipart/form-data; boundary=abc\r\nContent-Length: 50000000\r\n\r\n',
        );
      });
      let text = '';
      socket.on('data', (d: Buffer) => {
        text += d.toString();
        if (text.includes('\r\n\r\n{')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no answer before the body: ${text}`)), 5000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('payload_too_large');
  });

  it('stores a photo re-encoded, so a PNG with an HTML page appended is not kept byte for byte', async () => {
    const png = renderHandwriting(['学习']);
    const polyglot = Buffer.concat([
      png,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(polyglot)], { type: 'image/png' }), 'photo.png');
    form.append('words', JSON.stringify(['学习']));
    const request = new Request('http://x/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dictation/analyze',
      headers: { ...auth, 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    const dir = path.join(dataDir, 'uploads', 'dictation');
    const stored = readdirSync(dir).map((f) => readFileSync(path.join(dir, f)));
    expect(stored.length).toBeGreaterThan(0);
    for (const file of stored) {
      expect(file.subarray(0, 8)).toEqual(png.subarray(0, 8));
      expect(file.includes('<html>')).toBe(false);
    }
  });

  it('validation errors name the field but never echo the library’s message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 42, password: ['x'] },
    });
    expect(res.statusCode).toBe(400);
    const text = res.body;
    expect(text).not.toMatch(/expected|received|Invalid input|\/\^/);
    expect(res.json().details.fields.map((f: { field: string }) => f.field)).toContain('password');
  });
});

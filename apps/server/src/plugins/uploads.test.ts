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

// Issue 17, defect 4 and the upload part of 8: malformed multipart was a 500, an oversized upload was
// read to the end before its 413, and a polyglot photo was stored byte for byte.
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
  for (const url of [
    '/api/v1/audio/transcribe',
    '/api/v1/dictation/analyze',
    '/api/v1/dictation/extract-words',
  ]) {
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

  it('refuses an upload by its declared length before the body is sent', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
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

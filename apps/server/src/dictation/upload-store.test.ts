import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/app.js';
import { createUploadStore } from './upload-store.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('dictation photo store', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-uploads-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps photos under DATA_DIR/uploads/dictation with a random name and the format’s extension', async () => {
    const store = createUploadStore(testConfig({ DATA_DIR: dataDir }));
    expect(store.kind).toBe('disk');
    const a = await store.save(PNG, 'png');
    const b = await store.save(PNG, 'jpeg');
    expect(a).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(b).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(readFileSync(path.join(dataDir, 'uploads', 'dictation', a))).toEqual(PNG);
    expect(await store.read(b)).toEqual(PNG);
    expect(await store.read('0'.repeat(32) + '.png')).toBeNull();
  });

  describe('with S3_* configured', () => {
    let server: Server;
    let endpoint = '';
    const objects = new Map<string, { body: Buffer; type: string; signed: boolean }>();
    beforeAll(async () => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const key = req.url ?? '';
          if (req.method === 'PUT') {
            const signed = String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 ');
            objects.set(key, {
              body: Buffer.concat(chunks),
              type: String(req.headers['content-type']),
              signed,
            });
            res.end();
          } else {
            const found = objects.get(key);
            res.statusCode = found ? 200 : 404;
            res.end(found?.body);
          }
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const addr = server.address();
      endpoint = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('puts photos in the bucket under uploads/dictation/, signed, with their content type', async () => {
      const store = createUploadStore(
        testConfig({
          DATA_DIR: dataDir,
          S3_ENDPOINT: endpoint,
          S3_BUCKET: 'kouyu',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
        }),
      );
      expect(store.kind).toBe('s3');
      const key = await store.save(PNG, 'webp');
      expect(objects.get(`/kouyu/uploads/dictation/${key}`)).toEqual({
        body: PNG,
        type: 'image/webp',
        signed: true,
      });
      expect(await store.read(key)).toEqual(PNG);
      expect(await store.read('missing.png')).toBeNull();
    });
  });
});

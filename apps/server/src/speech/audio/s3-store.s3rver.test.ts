import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3AudioStore } from './s3-store.js';

// The S3 store against s3rver, an independent S3 implementation (path-style addressing, key encoding,
// status codes, access keys: its only account is S3RVER). s3rver does not recompute SigV4 signatures;
// s3-store.test.ts checks the signing against AWS's published example.
describe('the S3 store against a real S3-compatible server', () => {
  let server: S3rver;
  let dir = '';
  let endpoint = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'kouyu', configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const store = (accessKeyId = 'S3RVER') =>
    new S3AudioStore({
      endpoint,
      bucket: 'kouyu',
      accessKeyId,
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      prefix: 'audio/',
    });

  it('writes, reads and removes objects whose keys need encoding, signed', async () => {
    const s = store();
    const key = 'tts/zh 你好+(1).mp3';
    const body = Buffer.from([1, 2, 3, 4, 250]);
    expect(await s.read(key)).toBeNull();
    await s.write(key, body, 'audio/mpeg');
    expect(await s.read(key)).toEqual(body);
    await s.remove(key);
    expect(await s.read(key)).toBeNull();
    // Removing what is not there is not an error.
    await s.remove(key);
  });

  it('is refused with an unknown key, and says so', async () => {
    await expect(store('NOT-A-KEY').write('x.mp3', Buffer.from('x'), 'audio/mpeg')).rejects.toThrow(
      /HTTP 403/,
    );
    await expect(store('NOT-A-KEY').read('x.mp3')).rejects.toThrow(/HTTP 403/);
  });
});

import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { AudioCache } from './cache.js';
import { S3AudioStore, signV4 } from './s3-store.js';

describe('AWS Signature Version 4', () => {
  it('matches the published S3 GET Object example', () => {
    // AWS S3 API reference, "Signature Calculations for the Authorization Header", GET Object example.
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

const KEY_ID = 'test-access-key';
const SECRET = 'test-secret-key';

/** A stand-in S3 endpoint: path-style objects in memory, every request's signature recomputed and checked. */
function startS3(): Promise<{
  server: Server;
  url: string;
  objects: Map<string, { body: Buffer; type: string }>;
  rejected: string[];
}> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const rejected: string[] = [];
  const verify = (req: IncomingMessage, body: Buffer): string | null => {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([\w-]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return 'missing or malformed Authorization';
    if (m[1] !== KEY_ID) return 'unknown access key';
    const signed = (m[4] ?? '').split(';');
    for (const h of ['host', 'x-amz-content-sha256', 'x-amz-date'])
      if (!signed.includes(h)) return `${h} not signed`;
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (payloadHash !== createHash('sha256').update(body).digest('hex'))
      return 'payload hash does not match the body';
    const amzDate = String(req.headers['x-amz-date']);
    const date = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const extra = Object.fromEntries(
      signed
        .filter((h) => !['host', 'x-amz-content-sha256', 'x-amz-date'].includes(h))
        .map((h) => [h, String(req.headers[h])]),
    );
    const expected = signV4({
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', `http://${req.headers.host}`),
      headers: extra,
      payloadHash,
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
      region: m[3] ?? '',
      date,
    });
    return expected.authorization === auth ? null : 'signature does not match';
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const problem = verify(req, body);
      if (problem) {
        rejected.push(problem);
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
        return;
      }
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (req.method === 'PUT') {
        objects.set(path, { body, type: String(req.headers['content-type']) });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const object = objects.get(path);
        if (!object)
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': object.type }).end(object.body);
      } else {
        res.writeHead(405).end();
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}`, objects, rejected });
    });
  });
}

describe('S3 audio store against a stand-in endpoint', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  const store = () =>
    new S3AudioStore({
      endpoint: s3.url,
      bucket: 'kouyu',
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
      region: 'us-east-1',
      prefix: 'audio/',
    });

  it('stores objects with signed PUTs and reads them back with signed GETs', async () => {
    await store().write('abc/audio.mp3', Buffer.from([0xff, 0xf3, 1, 2]), 'audio/mpeg');
    expect(s3.objects.get('/kouyu/audio/abc/audio.mp3')).toEqual({
      body: Buffer.from([0xff, 0xf3, 1, 2]),
      type: 'audio/mpeg',
    });
    expect(await store().read('abc/audio.mp3')).toEqual(Buffer.from([0xff, 0xf3, 1, 2]));
    expect(await store().read('abc/missing.mp3')).toBeNull();
    expect(s3.rejected).toEqual([]);
  });

  it('reports a refused request with its status', async () => {
    const wrong = new S3AudioStore({
      endpoint: s3.url,
      bucket: 'kouyu',
      accessKeyId: KEY_ID,
      secretAccessKey: 'wrong',
      region: 'us-east-1',
    });
    await expect(wrong.write('x/audio.wav', Buffer.from('x'), 'audio/wav')).rejects.toThrow(/HTTP 403/);
    expect(s3.rejected.at(-1)).toBe('signature does not match');
  });

  it('holds a whole cache entry', async () => {
    const cache = new AudioCache(store());
    const pcm = new Int16Array(TTS_SAMPLE_RATE * 3).map((_, i) => Math.round(6000 * Math.sin(i / 5)));
    const hash = 'a'.repeat(64);
    expect(await cache.lookup(hash)).toBeNull();
    const saved = await cache.save(hash, pcm, { engine: 'test', voice: 'v', text: '你好' });
    expect(saved.durationMs).toBe(3000);
    expect(await cache.lookup(hash)).toEqual(saved);
    for (const file of ['audio.mp3', 'audio.wav', 'index.m3u8', 'seg-0.mp3', 'seg-1.mp3', 'meta.json']) {
      expect(s3.objects.has(`/kouyu/audio/${hash}/${file}`)).toBe(true);
    }
    expect(s3.objects.get(`/kouyu/audio/${hash}/index.m3u8`)?.type).toBe('application/vnd.apple.mpegurl');
  });
});

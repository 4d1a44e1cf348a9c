import { createHash, createHmac } from 'node:crypto';
import type { AudioStore } from './store.js';

export interface S3Options {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Prepended to every key, e.g. `audio/`. */
  prefix?: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (e.g. content-type, range). */
  headers?: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
  date?: Date;
}

/** SHA-256 of the bytes, hex. */
export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

// RFC 3986 unreserved characters stay; everything else is percent-encoded, as SigV4 requires.
function uriEncode(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * AWS Signature Version 4 for one request: returns the headers to send (the given ones plus
 * host, x-amz-date, x-amz-content-sha256 and authorization).
 */
export function signV4(input: SignInput): Record<string, string> {
  const service = input.service ?? 's3';
  const amzDate = (input.date ?? new Date())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value.trim();
  const names = Object.keys(headers).sort();
  const canonicalUri = input.url.pathname
    .split('/')
    .map((s) => uriEncode(decodeURIComponent(s)))
    .join('/');
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    input.method,
    canonicalUri,
    canonicalQuery,
    names.map((n) => `${n}:${headers[n] ?? ''}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`,
  };
}

/** Objects in an S3-compatible bucket (AWS, MinIO, R2, …), path-style addressing, signed requests. */
export class S3AudioStore implements AudioStore {
  readonly kind = 's3' as const;
  constructor(private readonly opts: S3Options) {}

  private url(key: string): URL {
    const base = new URL(this.opts.endpoint);
    const basePath = base.pathname.replace(/\/+$/, '');
    const objectKey = `${this.opts.prefix ?? ''}${key}`.split('/').map(uriEncode).join('/');
    base.pathname = `${basePath}/${uriEncode(this.opts.bucket)}/${objectKey}`;
    return base;
  }

  private sign(method: string, url: URL, payloadHash: string, headers: Record<string, string> = {}) {
    const { accessKeyId, secretAccessKey, region } = this.opts;
    // fetch derives Host from the URL itself (the same value that was signed) and refuses to be given one.
    const { host: _host, ...rest } = signV4({
      method,
      url,
      headers,
      payloadHash,
      accessKeyId,
      secretAccessKey,
      region,
    });
    return rest;
  }

  async read(key: string): Promise<Buffer | null> {
    const url = this.url(key);
    const res = await fetch(url, { headers: this.sign('GET', url, sha256Hex('')) });
    if (res.status === 404) return null;
    if (!res.ok)
      throw new Error(`S3 GET ${key} failed: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async remove(key: string): Promise<void> {
    const url = this.url(key);
    const res = await fetch(url, { method: 'DELETE', headers: this.sign('DELETE', url, sha256Hex('')) });
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: HTTP ${res.status}`);
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    const url = this.url(key);
    const headers = this.sign('PUT', url, sha256Hex(body), { 'content-type': contentType });
    const res = await fetch(url, { method: 'PUT', headers, body });
    if (!res.ok)
      throw new Error(`S3 PUT ${key} failed: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
}

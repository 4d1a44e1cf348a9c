import { createHash } from 'node:crypto';

/** Largest QR image taken from the configured address. */
export const WECHAT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** How long a fetched image is served before it is fetched again. */
export const WECHAT_IMAGE_TTL_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;

export interface CachedImage {
  body: Buffer;
  type: string;
  etag: string;
  fetchedAt: number;
}

/**
 * Image types accepted, recognised by their first bytes rather than the upstream's header. SVG is
 * left out on purpose: served from our own origin it could carry script.
 */
const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    test: (b) =>
      b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type of `body` by its signature, or null when it is none of the accepted ones. */
export function sniffImageType(body: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(body))?.type ?? null;
}

export class WechatImageError extends Error {}

/** Reads at most `max` bytes of a response; more is an error (a QR image is small). */
async function readLimited(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > max) throw new WechatImageError(`image larger than ${max} bytes`);
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > max) throw new WechatImageError(`image larger than ${max} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * The configured WeChat QR image, served through the site so the page's CSP (same-origin images)
 * holds: fetched on first use, kept for an hour, and on a failed refresh the last good copy is kept.
 */
export class WechatImage {
  private cached: CachedImage | null = null;
  private pending: Promise<CachedImage> | null = null;

  constructor(
    private readonly url: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The image, from the cache while fresh. */
  async get(): Promise<CachedImage> {
    const cached = this.cached;
    if (cached && this.now() - cached.fetchedAt < WECHAT_IMAGE_TTL_MS) return cached;
    this.pending ??= this.fetchImage().finally(() => {
      this.pending = null;
    });
    try {
      return await this.pending;
    } catch (err) {
      if (cached) return cached;
      throw err;
    }
  }

  private async fetchImage(): Promise<CachedImage> {
    const res = await fetch(this.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    if (!res.ok) throw new WechatImageError(`upstream answered ${res.status}`);
    const body = await readLimited(res, WECHAT_IMAGE_MAX_BYTES);
    const type = sniffImageType(body);
    if (!type) throw new WechatImageError('not a PNG, JPEG, GIF or WebP image');
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    this.cached = { body, type, etag, fetchedAt: this.now() };
    return this.cached;
  }
}

import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { CONTENT_RECHECK_MS } from '../study/content-cache.js';
import { markForReplay } from './answer-replay.js';

/** Validated JSON text, and its gzipped bytes once a request accepting them came. */
export interface JsonText {
  body: string;
  /** The body gzipped, made on the first request that accepts it (then sent as is, not recompressed). */
  gzip?: Buffer;
}

interface Entry extends JsonText {
  etag: string;
  at: number;
}

// The global compression's threshold: smaller answers go uncompressed there too.
const COMPRESS_FROM_BYTES = 1024;

/** True when an Accept-Encoding header accepts gzip (q=0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== 'gzip' && name?.trim() !== '*') return false;
    return !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
}

export interface ContentReplyOptions {
  /**
   * True when the answer is the same for every viewer (a guest's view of seeded content): shared
   * caches may keep it for a minute. Otherwise it is private and revalidated on every use.
   */
  shared: boolean;
  /** True when the answer never changes for this URL (it comes from a package's files): kept a year. */
  immutable?: boolean;
}

/**
 * Route options for a route whose every answer goes through `ResponseCache.send`: it compresses its
 * answers itself, once per entry, so the global compression's two hooks per request (one to decorate
 * the reply, one to look at every answer) are left off it.
 */
export const SELF_COMPRESSED = { compress: false } as const;

/** The ETag of a body: a short hash, strong (the bytes are the same when it matches). */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header names `etag` (or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Serialised answers of read-only content routes (test lists, questions, vocabulary and idiom search),
 * kept by key for as long as the seeded content is trusted unchanged (CONTENT_RECHECK_MS, the same
 * interval the in-memory content copies recheck the seed version): the profile showed the database
 * round trips, the search and the response validation dominating these routes, and their answers
 * depend only on the key. Every answer carries an ETag; a matching If-None-Match gets a 304. For as
 * long again an answer is still sent while a new one is produced, so that requests do not queue
 * behind its renewal.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  /** Answers being produced, by key: concurrent misses wait for the same one. */
  private readonly making = new Map<string, Promise<Entry>>();
  /** Bumped by `clear`: an answer produced before it is sent but not kept. */
  private generation = 0;

  constructor(
    private readonly max = 1000,
    private readonly ttlMs = CONTENT_RECHECK_MS,
  ) {}

  /** Forgets everything (new content seeded). */
  clear(): void {
    this.entries.clear();
    this.making.clear();
    this.generation++;
  }

  private async make(
    key: string,
    schema: ZodType,
    produce: () => Promise<{ value: unknown; cache: boolean }>,
  ): Promise<Entry> {
    const generation = this.generation;
    const { value, cache } = await produce();
    const body = JSON.stringify(schema.parse(value));
    const entry: Entry = { body, etag: etagOf(body), at: Date.now() };
    if (cache && generation === this.generation) {
      // Oldest first out: a Map keeps insertion order.
      if (this.entries.size >= this.max) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Sends the cached answer under `key`, or produces, validates (with the route's response schema)
   * and caches it. `produce` may return null to answer without caching (e.g. audio not ready yet).
   * An answer past its time but not past twice that is still sent, while a new one is produced.
   * Requests missing the same key at once share one `produce`, so the key must name everything the
   * answer depends on (it already must, for the cache). A kept answer is sent at once and nothing is
   * returned: a handler returning this (not async) makes no promise on a hit. Otherwise a promise that
   * settles once the answer is produced and sent.
   */
  send(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: ZodType,
    produce: () => Promise<{ value: unknown; cache: boolean }>,
    opts: ContentReplyOptions,
  ): Promise<void> | undefined {
    let entry = this.entries.get(key);
    if (entry) {
      const age = Date.now() - entry.at;
      if (age > 2 * this.ttlMs) {
        this.entries.delete(key);
        entry = undefined;
      } else if (age > this.ttlMs && !this.making.has(key)) {
        // Run out a short while ago: still sent while one new production runs, so the requests that
        // come meanwhile do not all wait for it (the p99 of question loading did, every 30 s).
        this.produce(key, schema, produce).catch((err: unknown) => {
          req.log.warn({ err, key }, 'content answer not renewed');
        });
      }
    }
    if (entry) {
      // Most recently used last, so the oldest out below is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
      answer(req, reply, entry, opts, this.currentCheck(key, entry));
      return undefined;
    }
    return this.produce(key, schema, produce).then((made) => {
      answer(req, reply, made, opts, this.currentCheck(key, made));
    });
  }

  /**
   * The production under way for `key`, or a new one. Requests that miss together share one
   * production: when an answer runs out under load, a hundred waiting learners must not each query
   * and serialise it again (the profile showed such a stampede of question loads, each one reading
   * every question's audio from the store).
   */
  private produce(
    key: string,
    schema: ZodType,
    produce: () => Promise<{ value: unknown; cache: boolean }>,
  ): Promise<Entry> {
    let making = this.making.get(key);
    if (!making) {
      const started = this.make(key, schema, produce).finally(() => {
        if (this.making.get(key) === started) this.making.delete(key);
      });
      making = started;
      this.making.set(key, started);
    }
    return making;
  }

  /** True while `entry` is what this cache would send for `key` (kept, and not run out). */
  private currentCheck(key: string, entry: Entry): () => boolean {
    return () => this.entries.get(key) === entry && Date.now() - entry.at <= this.ttlMs;
  }
}

/** Sends an answer: its ETag, Vary and Cache-Control, then a 304, the gzipped body or the body. */
function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  opts: ContentReplyOptions,
  current: () => boolean,
): FastifyReply {
  reply.header('ETag', entry.etag);
  // Added to what is there: CORS has already said the answer varies by Origin, and a shared cache
  // must not hand one origin's Access-Control-Allow-Origin to another.
  const vary = reply.getHeader('Vary');
  reply.header(
    'Vary',
    vary ? `${String(vary)}, Authorization, Accept-Encoding` : 'Authorization, Accept-Encoding',
  );
  reply.header(
    'Cache-Control',
    opts.immutable
      ? 'public, max-age=31536000, immutable'
      : opts.shared
        ? 'public, max-age=60'
        : 'private, no-cache',
  );
  if (matchesEtag(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return sendJsonText(req, reply, entry, current);
}

/**
 * Sends validated JSON text, gzipped when the request accepts it and the text is not small (the
 * bytes made once per text, not on every request: a 100-result search is ~50 KB), and marks it for
 * replay while `current` holds (plugins/answer-replay.ts).
 */
export function sendJsonText(
  req: FastifyRequest,
  reply: FastifyReply,
  text: JsonText,
  current: () => boolean,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  let sent: string | Buffer = text.body;
  if (text.body.length >= COMPRESS_FROM_BYTES && acceptsGzip(req.headers['accept-encoding'])) {
    text.gzip ??= gzipSync(text.body);
    reply.header('Content-Encoding', 'gzip');
    sent = text.gzip;
  }
  markForReplay(req, reply, { body: sent, current });
  // A string payload skips the route serializer: it was validated when it was made.
  return reply.send(sent);
}

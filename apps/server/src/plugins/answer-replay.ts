import http from 'node:http';
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  Server,
  ServerResponse,
} from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../accounts/users.js';
import type { ApiLimit } from './global-rate-limit.js';

/**
 * How many answers are kept for replay, and their bytes at most (oldest out first). The bytes are
 * mostly shared with the routes' own copies, but an answer a route has let go stays here until it is
 * asked for again or pushed out.
 */
const MAX_KEPT = 4096;
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

/**
 * How the replay accounts for each app-wide hook of the framework's path, by the hook's name (a hook
 * of a plugin we do not own by the plugin's name). A hook added to the app without an entry here fails
 * the replay's hook-list test: a new cross-cutting rule must say how a replayed answer keeps it.
 * Route-subtree hooks (the auth hooks) are kept by the row check (`knownRow`).
 */
export const REPLAY_ACCOUNTS_FOR: Readonly<Record<string, string>> = {
  uploadGuard: 'a replayed read is a GET with no body and no Content-Type',
  securityHeaders: 'the kept headers are the ones the framework sent with the answer',
  corsHeaders: 'a request with an Origin goes to the framework; the kept Vary is sent',
  apiLimit: 'counted in the same store before the answer is sent (ReplayParts.limit)',
  textGuard: 'the URL is part of the key, and it passed the guard when the answer was kept',
  requestIdHeader: 'a new id from the same genReqId replaces the kept one',
  errorAnalytics: 'only 200 answers are kept, and it counts errors only',
  '@fastify/websocket': 'an upgrade goes to the framework',
  '@fastify/multipart': 'a GET carries no multipart body',
};

/**
 * What a route marks as replayable: the bytes it sent and a check that they are still what it would
 * send (its kept copy is still the current one).
 */
export interface ReplayMark {
  body: string | Buffer;
  current: () => boolean;
}

interface Kept {
  /** The headers the framework sent, x-request-id among them (replaced on each replay). */
  headers: OutgoingHttpHeaders;
  body: string | Buffer;
  current: () => boolean;
  /** The signed-in reader's row the answer was made for; null for a guest. */
  row: UserRow | null;
}

/** What the replay shares with the framework's own path, given once the app is built. */
export interface ReplayParts {
  genReqId: (req: IncomingMessage) => string;
  log: FastifyBaseLogger;
  limit: ApiLimit;
  /** The proxies believed about the client's address, as the framework's `trustProxy` (plugins/proxy-trust.ts). */
  trustProxy: ((address: string, hop: number) => boolean) | false;
  /** The row a bearer header's token stands for now, without waiting; undefined when unknown. */
  knownRow: (authorization: string) => UserRow | undefined;
}

/**
 * A request the replay may answer: a plain GET with no body, no Origin (CORS grants differ per
 * origin), no conditional header (a 304 is left to the framework) and no upgrade.
 */
function plainRead(req: IncomingMessage): boolean {
  const h: IncomingHttpHeaders = req.headers;
  return (
    req.method === 'GET' &&
    h.origin === undefined &&
    h['if-none-match'] === undefined &&
    h['if-modified-since'] === undefined &&
    h['content-type'] === undefined &&
    (h['content-length'] === undefined || h['content-length'] === '0') &&
    h['transfer-encoding'] === undefined &&
    h.upgrade === undefined
  );
}

function keyOf(req: IncomingMessage): string {
  const h = req.headers;
  return `${h.host ?? ''}\n${req.url ?? ''}\n${h['accept-encoding'] ?? ''}\n${h.authorization ?? ''}`;
}

/**
 * Replays kept content answers before the framework (decision 016, tenth pass). A content route
 * answering from its kept serialised copy (test lists, a test, vocabulary search, hanzi, a learner's
 * results page) marks the answer; once sent, its status, headers and bytes are kept under what it
 * depended on: Host, URL, Accept-Encoding and Authorization. The next plain GET with the same four is
 * answered here, straight from Node's request event, while the route's copy is still current and the
 * reader is still the same user row. The guards that apply to such a read still run: the API limit is
 * counted in the same store (a request over it goes on to the framework, which refuses it), the
 * request id and the two request log lines are made as the framework makes them, the security, CORS
 * `Vary` and cache headers are the ones the framework sent. Anything else (Origin, a conditional
 * header, a body, a route with a limit of its own, a closing server) goes to the framework.
 */
export class AnswerReplay {
  private readonly kept = new Map<string, Kept>();
  private keptBytes = 0;
  private parts: ReplayParts | null = null;
  private trust: ((addr: string, i: number) => boolean) | null = null;
  private closing = false;
  /** Answers sent from here (the tests read it). */
  replayed = 0;

  /** Starts replaying, with the parts of the built app. */
  attach(parts: ReplayParts): void {
    this.parts = parts;
    this.trust = parts.trustProxy || null;
  }

  /** Stops replaying (the app is closing: the framework answers 503 from now on). */
  stop(): void {
    this.closing = true;
    this.kept.clear();
    this.keptBytes = 0;
  }

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), whose requests
   * pass through the replay first.
   */
  serverFactory = (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: Record<string, unknown>,
  ): Server => {
    const server = http.createServer(
      (options['http'] as http.ServerOptions | undefined) ?? {},
      (req, res) => {
        if (!this.answer(req, res)) handler(req, res);
      },
    );
    server.keepAliveTimeout = options['keepAliveTimeout'] as number;
    server.requestTimeout = options['requestTimeout'] as number;
    server.setTimeout(options['connectionTimeout'] as number);
    const perSocket = options['maxRequestsPerSocket'] as number | null | undefined;
    if (perSocket && perSocket > 0) server.maxRequestsPerSocket = perSocket;
    this.handOn = handler;
    return server;
  };

  /** The framework's request handler: a request the limit refused here goes on to it. */
  private handOn: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  /** Marks the answer being sent as replayable; it is kept once sent, if it went out as marked. */
  mark(req: FastifyRequest, reply: FastifyReply, mark: ReplayMark): void {
    if (!this.parts || this.closing || !plainRead(req.raw)) return;
    // Only routes the global limit counts: a route with its own limit is left to the framework.
    if (!req.url.startsWith('/api/') || req.routeOptions.config?.rateLimit !== undefined) return;
    const row = req.user ?? null;
    const key = keyOf(req.raw);
    reply.raw.once('finish', () => {
      const headers = reply.getHeaders() as OutgoingHttpHeaders;
      const encoded = headers['content-encoding'];
      const asSent =
        reply.statusCode === 200 &&
        String(headers['content-length']) === String(Buffer.byteLength(mark.body)) &&
        (typeof mark.body === 'string' ? encoded === undefined : encoded === 'gzip') &&
        headers['set-cookie'] === undefined;
      if (!asSent || this.closing || !mark.current()) return;
      this.keep(key, { headers, body: mark.body, current: mark.current, row });
    });
  }

  private keep(key: string, kept: Kept): void {
    this.drop(key);
    this.kept.set(key, kept);
    this.keptBytes += kept.body.length;
    while (this.kept.size > MAX_KEPT || this.keptBytes > MAX_KEPT_BYTES) {
      const oldest = this.kept.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  private drop(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.kept.delete(key);
    this.keptBytes -= kept.body.length;
  }

  /** Answers `req` from a kept answer, or returns false to leave it to the framework. */
  private answer(req: IncomingMessage, res: ServerResponse): boolean {
    const parts = this.parts;
    if (!parts || this.closing || !plainRead(req)) return false;
    const key = keyOf(req);
    const kept = this.kept.get(key);
    if (!kept) return false;
    if (!kept.current()) {
      this.drop(key);
      return false;
    }
    if (kept.row) {
      const auth = req.headers.authorization;
      // The same token, still valid, whose user's row is the very one the answer was made for.
      if (!auth || parts.knownRow(auth) !== kept.row) return false;
    }
    const ip = this.addressOf(req);
    parts.limit.take(ip ?? 'unknown', (err, counted) => {
      // Over the limit (or the store failing): the framework answers, counting the request again. A
      // count already over the limit only grows within its window, which changes no answer.
      if (err || counted.current > parts.limit.max) {
        this.handOn?.(req, res);
        return;
      }
      this.send(parts, req, res, kept, ip);
    });
    return true;
  }

  private send(
    parts: ReplayParts,
    req: IncomingMessage,
    res: ServerResponse,
    kept: Kept,
    ip: string | undefined,
  ) {
    const reqId = parts.genReqId(req);
    const { log } = parts;
    // Fastify's logger without `logger` set is a stand-in with no levels at all.
    if ((log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info')) {
      // The framework's two lines, with the same fields (its request serializer reads method, url, ip).
      const started = performance.now();
      log.info({ reqId, req: { method: req.method, url: req.url, ip } }, 'incoming request');
      res.once('finish', () => {
        log.info(
          { reqId, res: { statusCode: 200 }, responseTime: performance.now() - started },
          'request completed',
        );
      });
    }
    const headers = { ...kept.headers };
    headers['x-request-id'] = reqId;
    res.writeHead(200, headers);
    res.end(kept.body);
    this.replayed++;
  }

  /** The caller's address as the framework reads it (`request.ip`), behind a trusted proxy or not. */
  private addressOf(req: IncomingMessage): string | undefined {
    if (!this.trust) return req.socket.remoteAddress;
    const all = proxyAddr.all(req, this.trust);
    return all[all.length - 1];
  }
}

/** Marks an answer for replay, when the app replays (a bare Fastify in a unit test does not). */
export function markForReplay(req: FastifyRequest, reply: FastifyReply, mark: ReplayMark): void {
  (req.server as { answerReplay?: AnswerReplay }).answerReplay?.mark(req, reply, mark);
}

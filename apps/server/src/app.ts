import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import type { Database } from './db/client.js';
import { openKv } from './plugins/kv.js';
import type { Kv } from './plugins/kv.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerUploadGuards } from './plugins/uploads.js';
import { registerSocketDrain } from './plugins/drain.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerGlobalRateLimit } from './plugins/global-rate-limit.js';
import { requestIds } from './plugins/request-id.js';
import { AnswerReplay } from './plugins/answer-replay.js';
import { registerCors } from './plugins/cors.js';
import { registerTextGuard, withEmptyQueryKept } from './plugins/validation.js';
import { trustFunction } from './plugins/proxy-trust.js';
import { kvRateLimitStore } from './plugins/route-limit-store.js';
import { apiSecurityHeaders, hstsOption, serializeRequest, socketSources } from './plugins/security.js';
import { errors } from './lib/errors.js';
import { registerWeb } from './plugins/web.js';
import { PRERENDER_SCRIPT_SOURCE } from './plugins/web-prerender.js';
import { knownRowOf, registerAuth } from './plugins/auth.js';
import { createMailer } from './plugins/mail.js';
import type { Mailer } from './plugins/mail.js';
import { UserCache } from './accounts/user-cache.js';
import { SessionRevocations } from './accounts/revocation.js';
import { authRoutes } from './routes/v1/auth/index.js';
import { userRoutes } from './routes/v1/user/index.js';
import { adminRoutes } from './routes/v1/admin/index.js';
import { testsRoutes } from './routes/v1/tests/index.js';
import { userTestQuestionsRoutes } from './routes/v1/user-test-questions/index.js';
import { vocabularyRoutes } from './routes/v1/vocabulary/index.js';
import { idiomsRoutes } from './routes/v1/idioms/index.js';
import { dictationRoutes } from './routes/v1/dictation/index.js';
import { hskRoutes } from './routes/v1/hsk/index.js';
import { systemRoutes } from './routes/v1/system/index.js';
import { registerFeedbackEngine } from './speech/feedback/index.js';
import { registerOcrEngine } from './speech/ocr/index.js';
import { asrRoutes } from './routes/v1/asr/index.js';
import { siteRoutes } from './routes/v1/site/index.js';
import { ttsRoutes } from './routes/v1/tts/index.js';
import { contactsRoutes } from './routes/v1/contacts/index.js';
import { registerPayments } from './membership/index.js';
import { membershipRoutes } from './routes/v1/membership/index.js';
import { membershipAdminRoutes } from './routes/v1/membership/admin.js';
import { paymentsRoutes } from './routes/v1/payments/index.js';
import { registerAnalytics } from './analytics/plugin.js';
import { analyticsRoutes } from './routes/v1/analytics/index.js';
import { campusCardRoutes } from './routes/v1/campus-card/index.js';
import { audioRoutes } from './routes/v1/audio/index.js';
import { todayRoutes } from './routes/v1/today/index.js';
import { hanziRoutes } from './routes/v1/hanzi/index.js';
import { fontRoutes } from './routes/v1/fonts/index.js';
import { progressRoutes } from './routes/v1/progress/index.js';
import { testClockRoutes } from './routes/v1/review/test-clock.js';
import { reviewRoutes } from './routes/v1/review/index.js';
import type { EngineReport } from './speech/engine-report.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    kv: Kv;
    appVersion: string;
    engineReports: (() => Promise<EngineReport>)[];
    mailer: Mailer;
    /** The user rows signed-in requests read, kept for USER_CACHE_MS. */
    userCache: UserCache;
    /** Ended sessions, whose access tokens are refused (accounts/revocation.ts). */
    sessions: SessionRevocations;
    /** Kept content answers replayed before the framework (plugins/answer-replay.ts). */
    answerReplay: AnswerReplay;
  }
}

export interface BuildOptions {
  config: Config;
  /** Use this database instead of opening one (tests). */
  database?: Database;
  /** Redis key prefix, to isolate tests sharing one Redis. */
  kvPrefix?: string;
  /** Built web app directory; null serves the API only. */
  webDist?: string | null;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests reading what is logged). */
  logStream?: { write(line: string): void };
  /** Called with every route as it is added (the authorization matrix reads the route table). */
  onRoute?: (route: {
    method: string | string[];
    url: string;
    websocket?: boolean;
    schema?: { body?: unknown };
  }) => void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The web build next to this package (`apps/web/dist`). */
export const defaultWebDist = path.resolve(here, '../../web/dist');

/** Builds the application: external plugins, then app plugins, then routes (fastify/demo order). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const genReqId = requestIds();
  const replay = new AnswerReplay();
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // tokens in query strings (the speech sockets) never reach the log
            serializers: { req: serializeRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    genReqId,
    requestIdHeader: false,
    serverFactory: replay.serverFactory,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustFunction(config.TRUST_PROXY),
    // A page font's name (`routes/v1/fonts`) carries up to 300 characters in its path segment.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(withEmptyQueryKept(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir }));
  const { kv, redis } = await openKv(config.REDIS_URL, opts.kvPrefix, database.db);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('kv', kv);
  app.decorate('appVersion', process.env['npm_package_version'] ?? '0.1.0');
  app.decorate('engineReports', []);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    smtpTimeoutMs: config.SMTP_TIMEOUT_MS,
    from: config.MAIL_FROM,
    db: database.db,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  const userCache = new UserCache(config.USER_CACHE_MS);
  app.decorate('userCache', userCache);
  app.decorate('answerReplay', replay);
  app.decorate('sessions', new SessionRevocations(kv, config.ACCESS_TOKEN_TTL_S, config.USER_CACHE_MS));
  registerFeedbackEngine(app);
  registerOcrEngine(app);
  registerPayments(app);
  app.addHook('onClose', async () => {
    await kv.close();
    mailer.close();
    userCache.close();
    if (!opts.database) await database.close();
  });
  // Callback hooks on every request rather than async ones: no promise per request and hook.
  app.addHook('onSend', function requestIdHeader(req, reply, payload, done) {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });

  registerErrorHandler(app);
  registerUploadGuards(app);
  registerTextGuard(app);
  registerSocketDrain(app);
  registerAuth(app);
  registerAnalytics(app);

  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The one inline script: the prerendered page's session check (plugins/web-prerender.ts).
          scriptSrc: ["'self'", PRERENDER_SCRIPT_SOURCE],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...socketSources(config)],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: config.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: hstsOption(config),
    },
    { prefix: '/api/', headers: apiSecurityHeaders(config) },
  );
  registerCors(app, config.CORS_ORIGINS);
  // Fastify never reads a GET or HEAD body, so request decompression (a preParsing hook that ran on
  // every read only to find no Content-Encoding) is left to the methods that carry one.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) {
      route.decompress = false;
    }
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  const rateLimited = (ttlMs: number) => {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    return errors.tooMany(
      'rate_limited',
      seconds,
      `Rate limit exceeded. Please wait ${seconds} seconds before trying again.`,
    );
  };
  // Injected requests (tests) may carry no address; they share one bucket.
  const addressOf = (req: FastifyRequest) => req.ip ?? 'unknown';
  const rateLimitNameSpace = `${opts.kvPrefix ?? 'kouyu:'}rl:`;
  // The limit on all API calls per address (plugins/global-rate-limit.ts); only the API is limited,
  // the web shell and its assets are static files.
  const apiLimit = registerGlobalRateLimit(app, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    redis,
    kv,
    nameSpace: rateLimitNameSpace,
    applies: (req) => req.url.startsWith('/api/'),
    keyOf: addressOf,
    refusal: rateLimited,
  });
  replay.attach({
    genReqId,
    log: app.log,
    limit: apiLimit,
    trustProxy: trustFunction(config.TRUST_PROXY),
    knownRow: (authorization) => knownRowOf(app, authorization),
  });
  // From the first moment of closing the framework answers (503 while it closes), not the replay.
  app.addHook('preClose', (done) => {
    replay.stop();
    done();
  });
  // The plugin keeps the stricter limits routes set in `config.rateLimit`, with these defaults.
  await app.register(fastifyRateLimit, {
    global: false,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // Shared and lasting: Redis, else the database (the per-route limits are few and strict).
    ...(redis
      ? { redis, nameSpace: rateLimitNameSpace }
      : { store: kvRateLimitStore(kv, rateLimitNameSpace) }),
    keyGenerator: addressOf,
    // The limit, what is left and when it resets are told with a refusal (429, with Retry-After), not
    // on every answer: three headers less for the client to parse on each read (decision 016).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_req, ctx) => rateLimited(ctx.ttl),
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
  await app.register(fastifyMultipart, { limits: { fileSize: config.UPLOAD_LIMIT_BYTES } });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(asrRoutes);
      await api.register(siteRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(userRoutes, { prefix: '/user' });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(testsRoutes, { prefix: '/tests' });
      await api.register(userTestQuestionsRoutes, { prefix: '/user-test-questions' });
      await api.register(vocabularyRoutes, { prefix: '/vocabulary' });
      await api.register(idiomsRoutes);
      await api.register(dictationRoutes, { prefix: '/dictation' });
      await api.register(hskRoutes, { prefix: '/hsk' });
      await api.register(ttsRoutes);
      await api.register(contactsRoutes);
      await api.register(membershipRoutes, { prefix: '/membership' });
      await api.register(membershipAdminRoutes, { prefix: '/admin' });
      await api.register(paymentsRoutes, { prefix: '/payments' });
      await api.register(analyticsRoutes);
      await api.register(campusCardRoutes);
      await api.register(audioRoutes);
      await api.register(todayRoutes, { prefix: '/today' });
      await api.register(hanziRoutes, { prefix: '/hanzi' });
      await api.register(fontRoutes);
      await api.register(progressRoutes, { prefix: '/progress' });
      await api.register(testClockRoutes, { prefix: '/test' });
      await api.register(reviewRoutes, { prefix: '/review' });
    },
    { prefix: '/api/v1' },
  );

  await registerWeb(app, opts.webDist === undefined ? (config.WEB_DIST ?? defaultWebDist) : opts.webDist);
  return app;
}

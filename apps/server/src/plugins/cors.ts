import type { FastifyInstance, FastifyReply } from 'fastify';

// What a preflight of an allowed origin is granted: @fastify/cors's defaults, which this server used.
const ALLOWED_METHODS = 'GET,HEAD,POST';

/** Adds `name` to the answer's Vary header (the only other Vary set before this hook is none). */
function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, ${name}` : name);
}

/**
 * CORS for the native apps' origins (CORS_ORIGINS), answering exactly as @fastify/cors did with this
 * server's options (an origin list, no credentials, default methods, requested headers reflected, no
 * max-age), pinned by `system.test.ts`. Written out because that plugin spent about 2 µs of a cached
 * read on every request (an options object merged and two closures made per request, even without an
 * Origin header), close to a tenth of it: here a request without Origin, the web app's own and most
 * traffic, costs one header. Every answer varies by Origin (a cache must not hand one origin's grant
 * to another); an allowed origin is reflected in Access-Control-Allow-Origin, and its preflight
 * (OPTIONS with Access-Control-Request-Method) is answered here with 204, before any auth or rate
 * limit, as browsers send it without credentials. Other OPTIONS requests are a 404.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', function corsHeaders(req, reply, done) {
    addVary(reply, 'Origin');
    const origin = req.headers.origin;
    if (origin === undefined || !allowed.has(origin)) {
      done();
      return;
    }
    reply.header('access-control-allow-origin', origin);
    if (req.raw.method !== 'OPTIONS') {
      done();
      return;
    }
    if (!req.headers['access-control-request-method']) {
      void reply.code(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    addVary(reply, 'Access-Control-Request-Headers');
    const requested = req.headers['access-control-request-headers'];
    if (requested !== undefined) reply.header('access-control-allow-headers', requested);
    // Content-Length 0: some browsers wait for a body on a 204 without it.
    void reply.code(204).header('content-length', '0').send();
  });
  // Lets OPTIONS reach the hook on every path; a preflight that was not answered there is a 404.
  app.options('*', { schema: { hide: true } }, (_req, reply) => {
    reply.callNotFound();
  });
}

import { ServerResponse } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/** What helmet does to a response: headers it removes, and the headers it sets (names lower-cased). */
interface HeaderSteps {
  readonly removed: readonly string[];
  readonly set: Readonly<Record<string, string | number | string[]>>;
}

// Distinct Host headers whose headers are kept; past that (a client inventing hosts) helmet runs per
// request as before, so the copies cannot grow without bound.
const MAX_KEPT = 64;

/** A response that is never sent, noting what helmet removes (what it sets stays in its headers). */
class Recorder extends ServerResponse {
  readonly removed: string[] = [];
  override removeHeader(name: string): void {
    this.removed.push(name);
    super.removeHeader(name);
  }
}

/**
 * Runs helmet against a response that is never sent and notes what it sets and removes (helmet 8
 * does nothing else to the response, and runs synchronously). Null when it did not finish
 * synchronously or failed: the caller then runs helmet on the real response.
 */
function recordSteps(apply: ReturnType<typeof helmet>, req: IncomingMessage): HeaderSteps | null {
  const recorder = new Recorder(req);
  let finished = false;
  let failed = false;
  apply(req, recorder, (err?: unknown) => {
    finished = true;
    failed = err !== undefined && err !== null;
  });
  if (!finished || failed) return null;
  const set: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(recorder.getHeaders())) {
    if (value !== undefined) set[name.toLowerCase()] = value;
  }
  return { removed: recorder.removed, set: Object.freeze(set) };
}

/**
 * The security headers (CSP, HSTS, frame and type options…) on every answer. helmet's middleware is
 * built once here: @fastify/helmet builds it anew for every request, parsing the CSP directives each
 * time, which the profile of the read paths showed as a tenth of their CPU. Even built once, helmet
 * still checks and joins the CSP directives that are functions of the request on every call (about
 * 8 % of a cached read's CPU), so the headers it sets are also kept per `keyOf(req)`: the only part of
 * the request the options' directive functions read (the Host header for the socket sources), and
 * put on the reply in one call. A later `reply.header` of the same name still replaces them.
 * With `api`, answers under its prefix get its headers instead of helmet's document headers.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  api?: { prefix: string; headers: Readonly<Record<string, string>> },
  keyOf: (req: IncomingMessage) => string = (req) => req.headers.host ?? '',
): void {
  const apply = helmet(options);
  const kept = new Map<string, HeaderSteps>();
  app.addHook('onRequest', function securityHeaders(req, reply, done) {
    // API answers get their own short set (security.ts, apiSecurityHeaders): six headers and a
    // 470-byte CSP less to check and write on every read (decision 016).
    if (api && req.url.startsWith(api.prefix)) {
      reply.headers(api.headers);
      done();
      return;
    }
    const key = keyOf(req.raw);
    let steps = kept.get(key);
    if (!steps && kept.size < MAX_KEPT) {
      steps = recordSteps(apply, req.raw) ?? undefined;
      if (steps) kept.set(key, steps);
    }
    if (!steps) {
      apply(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
      return;
    }
    for (const name of steps.removed) reply.raw.removeHeader(name);
    // On the reply, not the raw response: Node then writes Fastify's header object as it is. A header
    // set on the raw response makes writeHead copy every other header in through setHeader (a second
    // header table built per answer): 1.5-2.3 µs of a 25-30 µs cached read, measured on bare Fastify.
    reply.headers(steps.set);
    done();
  });
}

import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDriver } from '../app.js';
import { startStripeStandIn } from '../../membership/standins/stripe-standin.js';
import type { StripeStandIn } from '../../membership/standins/stripe-standin.js';
import { deliver, stripeSettings } from '../membership.js';
import { ROLES, report, suiteApp } from './roles.js';
import type { Role, SuiteApp } from './roles.js';

// Property-based fuzzing of every JSON and multipart route (U+0000 and cut files included), of signed
// provider webhooks of any shape, and of each socket's first frame.
// At least 10,000 requests per run (FUZZ_REQUESTS raises it), no 5xx but the 503 of a feature not set
// up in tests, and the server healthy afterwards.
const TOTAL = Math.max(10_000, Number(process.env['FUZZ_REQUESTS'] ?? 0));
const SEED = Number(process.env['FUZZ_SEED'] ?? Date.now() % 1_000_000);

const role = fc.constantFrom<Role>(...ROLES);
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '%00',
    '学习',
    '你',
    '𠀀',
    'a'.repeat(5000),
    '__proto__',
    '\u0000',
    'a\u0000@t.example',
  ),
  fc.integer().map(String),
);
const param = fc.oneof(nasty, fc.nat().map(String), fc.stringMatching(/^[0-9a-f]{64}$/));

/** The keys a route's zod body schema names, so generated bodies reach past "unknown field" checks. */
function schemaKeys(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return schemaKeys(schema.unwrap());
  return [];
}

/** Values of every JSON type, weighted towards the shapes the schemas expect (strings, numbers, arrays). */
const value = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
);

function jsonBody(keys: string[]) {
  const fromSchema =
    keys.length > 0
      ? fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] })
      : fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 6 });
  return fc.oneof(
    { weight: 6, arbitrary: fromSchema.map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string() },
  );
}

/** A multipart body: sometimes well formed, sometimes cut, mislabelled or without its boundary. */
const multipart = fc
  .record({
    boundary: fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{1,70}$/), fc.string({ maxLength: 300 })),
    parts: fc.array(
      fc.record({
        name: fc.oneof(
          fc.constantFrom('file', 'audio', 'image', 'words', 'record_context', '__proto__'),
          fc.string(),
        ),
        filename: fc.option(fc.constantFrom('a.webm', 'a.wav', 'a.png', 'x"y', '')),
        type: fc.constantFrom('audio/webm', 'image/png', 'application/json', 'text/plain', 'x/../y'),
        body: fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b).toString('latin1')),
          // Long enough that a cut falls inside the file, while the parser is reading it.
          fc.constant('A'.repeat(70_000)),
          fc.constantFrom('\u0000', 'x\u0000y'),
        ),
      }),
      { maxLength: 4 },
    ),
    cut: fc.option(fc.nat()),
    header: fc.constantFrom('with', 'without', 'empty'),
  })
  .map(({ boundary, parts, cut, header }) => {
    const text =
      parts
        .map(
          (p) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
            `${p.filename === null ? '' : `; filename="${p.filename}"`}\r\nContent-Type: ${p.type}\r\n\r\n${p.body}\r\n`,
        )
        .join('') + `--${boundary}--\r\n`;
    const body = Buffer.from(cut === null ? text : text.slice(0, cut % (text.length + 1)), 'latin1');
    const type =
      header === 'with'
        ? `multipart/form-data; boundary=${boundary}`
        : header === 'empty'
          ? 'multipart/form-data; boundary='
          : 'multipart/form-data';
    return { body, type };
  });

describe(`fuzzing on ${testDriver}`, () => {
  let s: SuiteApp;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    s = await suiteApp(stripeSettings(stripe));
  });
  afterAll(async () => {
    await s.close();
    await stripe.close();
  });

  it(`answers ${TOTAL} generated requests without a server error and stays healthy`, async () => {
    const http = s.routes.filter((r) => !r.websocket);
    const sockets = s.routes.filter((r) => r.websocket);
    // The HTTP routes alone make up the total; the socket frames come on top.
    const perRoute = Math.ceil(TOTAL / http.length);
    const failures: string[] = [];
    let requests = 0;
    const started = performance.now();
    for (const route of http) {
      const keys = schemaKeys(route.schema);
      const hasBody = route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'DELETE';
      const request = fc.record({
        role,
        params: fc.array(param, { minLength: 4, maxLength: 4 }),
        query: fc.dictionary(
          fc.constantFrom('text', 'format', 'page', 'limit', 'level', 'q', 'token', 'id'),
          nasty,
          {
            maxKeys: 3,
          },
        ),
        json: jsonBody(keys),
        form: multipart,
        kind: fc.constantFrom('json', 'json', 'json', 'multipart', 'none'),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let i = 0;
          const path = route.url.replace(/:[A-Za-z_]+|\*/g, () => encodeURIComponent(r.params[i++] ?? '1'));
          const query = new URLSearchParams(r.query).toString();
          const url = query ? `${path}?${query}` : path;
          const kind = hasBody ? r.kind : 'none';
          const res = await s.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              ...s.headers[r.role],
              ...(kind === 'json' ? { 'content-type': 'application/json' } : {}),
              ...(kind === 'multipart' ? { 'content-type': r.form.type } : {}),
            },
            ...(kind === 'json' ? { payload: r.json } : kind === 'multipart' ? { payload: r.form.body } : {}),
          });
          requests += 1;
          if (res.statusCode >= 500 && res.statusCode !== 503) {
            failures.push(`${route.method} ${url} (${kind}) → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
          return true;
        }),
        { numRuns: perRoute, seed: SEED },
      );
    }
    // Each socket's first frame: text, JSON of any shape, or bytes, from any role.
    let frames = 0;
    const frame = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .record({ type: fc.constantFrom('start', 'config', 'synthesize', 'auth', 'stop'), text: nasty })
        .map((v) => JSON.stringify(v)),
      fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b)),
    );
    for (const route of sockets) {
      await fc.assert(
        fc.asyncProperty(role, frame, async (who, first) => {
          const token = s.tokens[who];
          const ws = await s.app.injectWS(
            token ? `${route.url}?token=${encodeURIComponent(token)}` : route.url,
          );
          await new Promise<void>((resolve) => {
            const done = setTimeout(resolve, 50);
            ws.once('message', () => {
              clearTimeout(done);
              resolve();
            });
            ws.once('close', () => {
              clearTimeout(done);
              resolve();
            });
            ws.send(first);
          });
          ws.terminate();
          frames += 1;
          return true;
        }),
        { numRuns: 60, seed: SEED },
      );
    }
    // Signed webhooks of every shape: a signature proves the sender, not the body.
    let webhooks = 0;
    const event = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.record(
        {
          id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
          type: fc.constantFrom(
            'checkout.session.completed',
            'checkout.session.async_payment_succeeded',
            'checkout.session.expired',
            'charge.refunded',
            'other.event',
          ),
          data: fc.oneof(
            fc.jsonValue({ maxDepth: 3 }),
            fc.record(
              {
                object: fc.record(
                  {
                    id: fc.oneof(fc.string(), fc.integer()),
                    payment_status: fc.constantFrom('paid', 'unpaid', 1),
                    metadata: fc.oneof(
                      fc.constant(null),
                      fc.record(
                        { user_id: param, plan: fc.constantFrom('month', 'week', ''), days: param },
                        { requiredKeys: [] },
                      ),
                    ),
                    amount: fc.oneof(fc.integer(), nasty),
                    amount_refunded: fc.oneof(fc.integer(), nasty),
                    amount_total: fc.oneof(fc.integer(), fc.constant(null)),
                    payment_intent: fc.oneof(fc.string(), fc.constant(null), fc.jsonValue({ maxDepth: 1 })),
                  },
                  { requiredKeys: [] },
                ),
              },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(event, async (body) => {
        const payload = JSON.stringify(body) ?? 'null';
        const res = await deliver(s.app, payload, stripe.sign(payload));
        webhooks += 1;
        if (res.statusCode >= 500)
          failures.push(`signed webhook ${payload.slice(0, 200)} → ${res.statusCode}`);
        return true;
      }),
      { numRuns: 300, seed: SEED },
    );
    // Chunked multipart uploads cut anywhere and left unterminated (no last chunk), over a real socket:
    // inject cannot send them.
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as AddressInfo;
    const uploads = http.filter(
      (r) => r.method === 'POST' && /\/(transcribe|assess|analyze|extract-words)$/.test(r.url),
    );
    let unterminated = 0;
    for (const route of uploads) {
      await fc.assert(
        fc.asyncProperty(role, multipart, async (who, form) => {
          const auth = s.headers[who]['authorization'];
          const head =
            `POST ${route.url} HTTP/1.1\r\nHost: x\r\nContent-Type: ${form.type.replace(/[\r\n]/g, '')}\r\n` +
            `${auth ? `Authorization: ${auth}\r\n` : ''}Transfer-Encoding: chunked\r\n\r\n`;
          const status = await new Promise<number>((resolve) => {
            const socket = connect(port, '127.0.0.1', () => {
              socket.write(head, 'latin1');
              if (form.body.length > 0) {
                socket.write(`${form.body.length.toString(16)}\r\n`);
                socket.write(form.body);
                socket.write('\r\n');
              }
              socket.end();
            });
            let text = '';
            socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
            socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
            socket.on('error', () => resolve(0));
            // The client has sent all it will; a socket the server keeps open is not waited on forever.
            setTimeout(() => socket.destroy(), 10_000).unref();
          });
          unterminated += 1;
          if (status >= 500 && status !== 503) failures.push(`unterminated chunked ${route.url} → ${status}`);
          return true;
        }),
        { numRuns: 25, seed: SEED },
      );
    }
    const health = await s.app.inject({ method: 'GET', url: '/api/v1/health' });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    report(
      `fuzzing: ${requests} requests over ${http.length} routes, ${webhooks} signed webhooks, ${unterminated} unterminated chunked uploads and ${frames} first frames over ${sockets.length} sockets in ${seconds} s (seed ${SEED}), ${failures.length} server errors`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(health.statusCode).toBe(200);
    expect(requests).toBeGreaterThanOrEqual(TOTAL);
  }, 600_000);
});

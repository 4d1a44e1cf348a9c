import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { nulFieldPath, validationMessage } from '@kouyu/core';
import { AppError } from '../lib/errors.js';

/** True when `data` has no own enumerable key (a request without a query string). */
function isEmpty(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  for (const key in data) if (Object.hasOwn(data, key)) return false;
  return true;
}

/** True when every value of `value` is a primitive, so a shallow copy shares nothing mutable. */
function isFlat(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => v === null || typeof v !== 'object')
  );
}

/**
 * Wraps a validator compiler so that a querystring schema checks an empty query once, when the route
 * is compiled, instead of on every request: most reads come without a query string, and their parse
 * (the defaults filled in) is the same every time. Each request still gets its own copy of the result.
 * A query with any key, and every other part of a request, is validated as before, as is an empty query
 * whose schema refuses it or whose result holds objects.
 */
export function withEmptyQueryKept<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'querystring') return validate;
    const empty: unknown = validate({});
    if (
      typeof empty !== 'object' ||
      empty === null ||
      'error' in empty ||
      !('value' in empty) ||
      !isFlat(empty.value)
    ) {
      return validate;
    }
    const kept = empty.value;
    return (data: unknown) => (isEmpty(data) ? { value: { ...kept } } : validate(data));
  };
}

/** The 400 for a text field holding U+0000, naming the field as the schema errors do. */
export function nulRefusal(field: string): AppError {
  return new AppError(400, 'validation_failed', validationMessage('text_nul'), {
    fields: [{ field, code: 'text_nul', message: validationMessage('text_nul') }],
  });
}

/**
 * Refuses U+0000 in any string of a request's body, query or path, for every route at once (routes
 * with and without a schema alike), before the route's own validation. Multipart text fields are
 * checked by the upload reader, which is where they are parsed.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('preValidation', function textGuard(req, _reply, done) {
    for (const part of [req.params, req.query, Buffer.isBuffer(req.body) ? null : req.body]) {
      const field = nulFieldPath(part);
      if (field !== null) {
        done(nulRefusal(field));
        return;
      }
    }
    done();
  });
}

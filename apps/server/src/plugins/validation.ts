import type { FastifySchemaCompiler } from 'fastify';

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

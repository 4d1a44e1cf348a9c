import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

// RFC 2046 §5.1.1: a boundary is 1 to 70 characters. Longer ones made the parser throw (a 500).
const MAX_BOUNDARY_CHARS = 70;
// Room for the text fields and the multipart framing around the one file an upload carries.
const FORM_OVERHEAD_BYTES = 256 * 1024;

/** The boundary parameter of a multipart content type, or null when it is missing or empty. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const value = match?.[1] ?? match?.[2] ?? '';
  return value.length > 0 ? value : null;
}

const PARSER_MESSAGES = [
  /^Multipart: Boundary not found/,
  /^Unexpected end of (multipart data|form)/,
  /^Boundary required/,
  /^The needle cannot/,
  /^Malformed (part header|urlencoded form)/,
];

/**
 * True for the errors a multipart body that cannot be parsed raises (truncated, no boundary, bad part
 * headers, a bad JSON field): the client's fault, a 400 `malformed_upload`, never a 500.
 */
export function isMalformedUpload(app: FastifyInstance, err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const m = app.hasDecorator('multipartErrors') ? app.multipartErrors : null;
  if (m && (err instanceof m.PrematureCloseError || err instanceof m.PrototypeViolationError)) return true;
  if ('code' in err && err.code === 'FST_INVALID_JSON_FIELD_ERROR') return true;
  return PARSER_MESSAGES.some((re) => re.test(err.message));
}

/**
 * Checks every multipart request before its body is read: a missing or over-long boundary is a 400,
 * a declared length over UPLOAD_LIMIT_BYTES (plus the form's small fields) a 413. The multipart parser
 * reads the body only when a route asks for it, and ignores BODY_LIMIT_BYTES, so this is the one place
 * a too large upload is refused without reading it.
 */
export function registerUploadGuards(app: FastifyInstance): void {
  const maxBytes = app.config.UPLOAD_LIMIT_BYTES + FORM_OVERHEAD_BYTES;
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (req, _reply, done) => {
    const type = req.headers['content-type'];
    if (typeof type !== 'string' || !/^\s*multipart\//i.test(type)) {
      done();
      return;
    }
    const boundary = multipartBoundary(type);
    if (!boundary || boundary.length > MAX_BOUNDARY_CHARS) {
      done(new AppError(400, 'malformed_upload'));
      return;
    }
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > maxBytes) {
      done(new AppError(413, 'payload_too_large', undefined, { max_bytes: app.config.UPLOAD_LIMIT_BYTES }));
      return;
    }
    done();
  });
}

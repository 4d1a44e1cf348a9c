import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { nulFieldPath } from '@kouyu/core';
import { AppError } from '../lib/errors.js';
import { nulRefusal } from './validation.js';

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
  /^Part terminated early/,
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
  app.addHook('onRequest', function uploadGuard(req, _reply, done) {
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

/** What one route accepts in a multipart form. */
export interface UploadLimits {
  /** The field the file comes in; a file under another name is read and dropped. Null: any name. */
  fileField: string | null;
  /** Most parts (the file and the text fields) in the form. */
  parts: number;
  /** Largest text field, in bytes. */
  fieldBytes: number;
  /** Largest file, in bytes; UPLOAD_LIMIT_BYTES when not given (never more). */
  fileBytes?: number;
}

export interface Upload {
  /** The form's one file, or null when it carried none (or none under `fileField`). */
  file: { bytes: Buffer; mimetype: string } | null;
  fields: Record<string, string>;
}

/**
 * Reads the file's bytes, stopping at the first byte over `max`: a 413 then, with the rest of the body
 * left unread (the 413 closes the connection, see the error handler).
 */
async function readFile(part: MultipartFile, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    if (!Buffer.isBuffer(chunk)) continue;
    size += chunk.length;
    if (size > max) throw new AppError(413, 'payload_too_large', undefined, { max_bytes: max });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The one multipart reader of the uploads (recordings, photos): one file and small text fields, within
 * the route's limits, every failure mapped once. Not multipart: 415 `unsupported_media_type`. A file
 * over the limit: 413 `payload_too_large`, found while reading, not after. Too many parts or files, or a
 * field too long: 400 `validation_failed`. A cut or garbled body: 400 `malformed_upload`. A text field
 * holding U+0000: 400 `validation_failed`, as in JSON bodies.
 */
export async function readUpload(
  app: FastifyInstance,
  req: FastifyRequest,
  limits: UploadLimits,
): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  const maxFile = Math.min(limits.fileBytes ?? app.config.UPLOAD_LIMIT_BYTES, app.config.UPLOAD_LIMIT_BYTES);
  const upload: Upload = { file: null, fields: {} };
  const tooMany = () =>
    new AppError(400, 'validation_failed', undefined, {
      fields: [{ field: limits.fileField ?? 'file', code: 'one_file' }],
    });
  try {
    // One byte over the limit lets the reader see the excess itself and stop there.
    const parts = req.parts({
      limits: { fileSize: maxFile + 1, files: 1, fieldSize: limits.fieldBytes, parts: limits.parts },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await readFile(part, maxFile);
        if (limits.fileField === null || part.fieldname === limits.fileField) {
          upload.file = { bytes, mimetype: part.mimetype };
        }
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated) throw tooMany();
        if (nulFieldPath(part.value) !== null || nulFieldPath(part.fieldname) !== null)
          throw nulRefusal(part.fieldname);
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // Whatever stopped the reading, the parser gets no more of the body.
    req.raw.unpipe();
    if (err instanceof AppError) throw err;
    const m = app.multipartErrors;
    if (err instanceof m.RequestFileTooLargeError)
      throw new AppError(413, 'payload_too_large', undefined, { max_bytes: maxFile });
    if (
      err instanceof m.FilesLimitError ||
      err instanceof m.PartsLimitError ||
      err instanceof m.FieldsLimitError
    )
      throw tooMany();
    if (isMalformedUpload(app, err)) {
      req.log.info({ reason: err instanceof Error ? err.message : String(err) }, 'malformed multipart body');
      throw new AppError(400, 'malformed_upload');
    }
    throw err;
  }
  return upload;
}

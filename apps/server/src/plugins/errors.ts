import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { VALIDATION_MESSAGES, errorMessage, validationMessage } from '@kouyu/core';
import type { ErrorBody, ErrorCode } from '@kouyu/core';
import { AppError } from '../lib/errors.js';
import { isMalformedUpload } from './uploads.js';

const isValidationKey = (key: string): key is keyof typeof VALIDATION_MESSAGES =>
  Object.hasOwn(VALIDATION_MESSAGES, key);

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function body(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return details === undefined
    ? { success: false, code, message }
    : { success: false, code, message, details };
}

/**
 * One error handler: catalogue errors as they are, validation as 400, a body that cannot be parsed as
 * 400, anything unknown as a plain 500. No answer carries a library's message.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      // A 413 leaves the rest of the body unread: the connection closes after the answer instead of
      // reading it through to reuse the connection.
      if (err.statusCode === 413) reply.header('connection', 'close');
      return reply.code(err.statusCode).send({ ...body(err.code, err.message, err.details), ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String(v.params?.['missingProperty'] ?? '');
        // Our rules name a validation key; anything else is the library's own text (which may quote a
        // regular expression or a type): it is not echoed, the field gets the generic `invalid`.
        const key = v.message ?? '';
        return isValidationKey(key)
          ? { field, code: key, message: validationMessage(key) }
          : { field, code: 'invalid', message: errorMessage('validation_failed') };
      });
      const first = fields[0];
      return reply
        .code(400)
        .send(
          body('validation_failed', first ? first.message : errorMessage('validation_failed'), { fields }),
        );
    }
    if (isMalformedUpload(app, err)) {
      req.log.info({ reason: err.message }, 'malformed multipart body');
      return reply.code(400).send(body('malformed_upload', errorMessage('malformed_upload')));
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    const code = STATUS_CODES[status];
    if (status < 500 && code) {
      return reply.code(status).send(body(code, errorMessage(code)));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body('internal', errorMessage('internal')));
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { checkImage } from '../speech/ocr/index.js';
import type { ImageFormat } from '../speech/ocr/image-check.js';

// Text fields are small: the word list as JSON (at most 20 words of at most 50 characters).
const FIELD_LIMIT_BYTES = 16 * 1024;
const MAX_PARTS = 10;

export interface ImageUpload {
  image: Buffer;
  format: ImageFormat;
  fields: Record<string, string>;
}

/**
 * Reads a multipart form holding one photo (`image`) and text fields. The photo must be a PNG, JPEG
 * or WebP by its magic bytes (415 otherwise) and within UPLOAD_LIMIT_BYTES (413 otherwise).
 */
export async function readImageUpload(app: FastifyInstance, req: FastifyRequest): Promise<ImageUpload> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  const limit = app.config.UPLOAD_LIMIT_BYTES;
  let image: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    const parts = req.parts({
      limits: { fileSize: limit, files: 1, fieldSize: FIELD_LIMIT_BYTES, parts: MAX_PARTS },
    });
    for await (const part of parts) {
      if (part.type === 'file') image = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err instanceof app.multipartErrors.RequestFileTooLargeError)
      throw new AppError(413, 'payload_too_large', undefined, { max_bytes: limit });
    if (
      err instanceof app.multipartErrors.FilesLimitError ||
      err instanceof app.multipartErrors.PartsLimitError ||
      err instanceof app.multipartErrors.FieldsLimitError
    )
      throw new AppError(400, 'validation_failed', undefined, {
        fields: [{ field: 'image', code: 'one_image' }],
      });
    throw err;
  }
  if (!image || image.length === 0) throw new AppError(400, 'image_required');
  return { image, format: checkImage(image, limit), fields };
}

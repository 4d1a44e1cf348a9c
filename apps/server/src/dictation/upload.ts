import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../lib/errors.js';
import { checkImage } from '../speech/ocr/index.js';
import type { ImageFormat } from '../speech/ocr/image-check.js';

// Text fields are small: the word list as JSON (at most 20 words of at most 50 characters).
const FIELD_LIMIT_BYTES = 16 * 1024;
const MAX_PARTS = 10;
// A phone photo is at most a few tens of megapixels; more is a decompression bomb.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decodes the photo and encodes it again in its own format, so only pixels are kept: anything hidden
 * after or inside the image (an HTML or ZIP polyglot, EXIF with the place it was taken) is dropped.
 * The EXIF orientation is applied first, since the metadata that carried it goes.
 */
export async function reencodeImage(image: Buffer, format: ImageFormat): Promise<Buffer> {
  try {
    const pipeline = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    if (format === 'png') return await pipeline.png().toBuffer();
    if (format === 'jpeg') return await pipeline.jpeg({ quality: 90 }).toBuffer();
    return await pipeline.webp({ quality: 90 }).toBuffer();
  } catch {
    throw new AppError(415, 'unsupported_media_type');
  }
}

export interface ImageUpload {
  image: Buffer;
  format: ImageFormat;
  fields: Record<string, string>;
}

/**
 * Reads a multipart form holding one photo (`image`) and text fields. The photo must be a PNG, JPEG
 * or WebP by its magic bytes and decodable (415 otherwise) and within UPLOAD_LIMIT_BYTES (413 otherwise);
 * it comes back re-encoded.
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
  const format = checkImage(image, limit);
  return { image: await reencodeImage(image, format), format, fields };
}

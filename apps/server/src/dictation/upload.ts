import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../lib/errors.js';
import { readUpload } from '../plugins/uploads.js';
import type { UploadLimits } from '../plugins/uploads.js';
import { checkImage } from '../speech/ocr/index.js';
import type { ImageFormat } from '../speech/ocr/image-check.js';

// One photo under any field name; text fields are small: the word list as JSON (at most 20 words of
// at most 50 characters).
const UPLOAD_LIMITS: UploadLimits = { fileField: null, parts: 10, fieldBytes: 16 * 1024 };
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
  const upload = await readUpload(app, req, UPLOAD_LIMITS);
  if (!upload.file || upload.file.bytes.length === 0) throw new AppError(400, 'image_required');
  const format = checkImage(upload.file.bytes, app.config.UPLOAD_LIMIT_BYTES);
  return { image: await reencodeImage(upload.file.bytes, format), format, fields: upload.fields };
}

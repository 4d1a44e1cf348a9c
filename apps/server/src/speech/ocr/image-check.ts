import { AppError } from '../../lib/errors.js';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(buf: Buffer, bytes: readonly number[], at = 0): boolean {
  return buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
}

/** The image format by its magic bytes, or null: file names and declared types are not trusted. */
export function sniffImage(buf: Buffer): ImageFormat | null {
  if (startsWith(buf, PNG)) return 'png';
  if (startsWith(buf, JPEG)) return 'jpeg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** Checks an uploaded image: a PNG, JPEG or WebP (415 otherwise) of at most maxBytes (413 otherwise). */
export function checkImage(buf: Buffer, maxBytes: number): ImageFormat {
  if (buf.length > maxBytes) throw new AppError(413, 'payload_too_large', undefined, { max_bytes: maxBytes });
  const format = sniffImage(buf);
  if (!format)
    throw new AppError(415, 'unsupported_media_type', undefined, {
      accepted: ['image/png', 'image/jpeg', 'image/webp'],
    });
  return format;
}

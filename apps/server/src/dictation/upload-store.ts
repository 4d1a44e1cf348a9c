import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { createStore } from '../speech/audio/store.js';
import type { AudioStore } from '../speech/audio/store.js';
import type { ImageFormat } from '../speech/ocr/image-check.js';

const CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
const EXTENSIONS: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** Where handwriting photos are kept: keys look like `<random>.<ext>`. */
export interface UploadStore {
  readonly kind: 'disk' | 's3';
  /** Stores the photo under a fresh random key and returns the key. */
  save(image: Buffer, format: ImageFormat): Promise<string>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

class ImageStore implements UploadStore {
  constructor(private readonly objects: AudioStore) {}
  get kind() {
    return this.objects.kind;
  }
  async save(image: Buffer, format: ImageFormat): Promise<string> {
    const key = `${randomBytes(16).toString('hex')}.${EXTENSIONS[format]}`;
    await this.objects.write(key, image, CONTENT_TYPES[format]);
    return key;
  }
  read(key: string): Promise<Buffer | null> {
    return this.objects.read(key);
  }
  remove(key: string): Promise<void> {
    return this.objects.remove(key);
  }
}

/**
 * The configured store for dictation photos: the S3-compatible bucket (prefix `uploads/dictation/`)
 * when all S3_* settings are given, else `<dataDir>/uploads/dictation` on local disk. It reuses the
 * audio cache's stores, which already write atomically and sign S3 requests.
 */
export function createUploadStore(config: Config): UploadStore {
  return new ImageStore(createStore(config, 'uploads/dictation'));
}

import { AppError } from '../../lib/errors.js';
import type { OcrEngine, OcrResult } from './types.js';

/** OCR_ENGINE=none: reading images is switched off, and every call says so with a 503. */
export class DisabledOcrEngine implements OcrEngine {
  readonly name = 'none';

  ready(): Promise<boolean> {
    return Promise.resolve(false);
  }

  recognize(): Promise<OcrResult> {
    return Promise.reject(
      new AppError(
        503,
        'service_unavailable',
        'Handwriting recognition is switched off on this server (OCR_ENGINE=none).',
      ),
    );
  }
}

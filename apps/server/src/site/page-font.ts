import { createRequire } from 'node:module';
import { z } from 'zod';
import { InlineWorker } from '../speech/audio/inline-worker.js';

/*
 * The page font (decision 020): Noto Sans SC Regular cut down to the characters a page shows,
 * as WOFF2. harfbuzz's subsetter (WASM) takes 10-50 ms, the WOFF2 encoding (Brotli at its best level)
 * up to a second for a few hundred glyphs, so both run in a worker thread: the event loop keeps
 * answering other learners meanwhile. Answers are kept by name (a name stands for one set of characters,
 * so the bytes never change for it), and requests for the same name at once share one cut.
 */
const SUBSET_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const subsetFont = require(workerData.subsetFont);
const font = readFileSync(workerData.font);
parentPort.on('message', ({ id, request }) => {
  subsetFont(font, String.fromCodePoint(...request.codePoints), { targetFormat: 'woff2' }).then(
    (out) => {
      const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength).slice();
      parentPort.postMessage({ id, result: bytes }, [bytes.buffer]);
    },
    (err) => parentPort.postMessage({ id, error: String((err && err.message) || err) }),
  );
});
`;

const require = createRequire(import.meta.url);

/** Where the full font lives: an npm dependency of the server, so `npm ci` and the image bring it. */
export const PAGE_FONT_FILE =
  require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');

/** Raised when more cuts wait than the worker should queue: the caller answers 503 and the browser retries. */
export class PageFontBusy extends Error {}

export interface PageFontOptions {
  /** Bytes of cut fonts kept in memory (least recently used out first). */
  cacheBytes?: number;
  /** Cuts that may wait for the worker before new ones are refused. */
  maxWaiting?: number;
}

/** Cuts page fonts in a worker and keeps them. One per server instance. */
export class PageFonts {
  private readonly worker = new InlineWorker<{ codePoints: number[] }, Uint8Array>(
    SUBSET_SOURCE,
    z.instanceof(Uint8Array),
    () => ({ subsetFont: require.resolve('subset-font'), font: PAGE_FONT_FILE }),
  );
  private readonly kept = new Map<string, Buffer>();
  private keptBytes = 0;
  private readonly making = new Map<string, Promise<Buffer>>();
  private readonly cacheBytes: number;
  private readonly maxWaiting: number;

  constructor(opts: PageFontOptions = {}) {
    this.cacheBytes = opts.cacheBytes ?? 32 * 1024 * 1024;
    this.maxWaiting = opts.maxWaiting ?? 16;
  }

  /** True when the font for `name` is kept (answered without the worker). */
  has(name: string): boolean {
    return this.kept.has(name);
  }

  /** The WOFF2 font for `name`, the name of `codePoints` (already checked by the caller). */
  async get(name: string, codePoints: readonly number[]): Promise<Buffer> {
    const hit = this.kept.get(name);
    if (hit) {
      // Most recently used last, so the first entry is the one to drop.
      this.kept.delete(name);
      this.kept.set(name, hit);
      return hit;
    }
    const pending = this.making.get(name);
    if (pending) return pending;
    if (this.making.size >= this.maxWaiting) throw new PageFontBusy();
    const made = this.worker
      .call({ codePoints: [...codePoints] })
      .then((bytes) => {
        const font = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        this.keep(name, font);
        return font;
      })
      .finally(() => this.making.delete(name));
    this.making.set(name, made);
    return made;
  }

  private keep(name: string, font: Buffer): void {
    if (font.length > this.cacheBytes) return;
    this.kept.set(name, font);
    this.keptBytes += font.length;
    for (const [oldest, bytes] of this.kept) {
      if (this.keptBytes <= this.cacheBytes) break;
      this.kept.delete(oldest);
      this.keptBytes -= bytes.length;
    }
  }

  /** Stops the worker (the server closing). */
  close(): Promise<void> {
    return this.worker.close();
  }
}

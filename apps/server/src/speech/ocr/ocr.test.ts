import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { createOcrEngine, ocrHealth, sniffImage } from './index.js';
import { OCR_MAX_SIDE, OCR_MAX_WAITING, PaddleOcrEngine } from './paddle-engine.js';

const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const WORDS = ['学习', '朋友', '电影', '喜欢', '天气'];

/** A small seeded generator, so the "handwriting" is the same on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Renders the words one per line like a handwritten list: tilted characters, uneven baseline and size, ink variation, paper noise. */
function handwriting(words: readonly string[], scale = 1, format: 'png' | 'jpeg' | 'webp' = 'png'): Buffer {
  const rnd = seeded(20_240_611);
  const width = 640 * scale;
  const height = (60 + words.length * 90) * scale;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f6f1e4';
  g.fillRect(0, 0, width, height);
  g.strokeStyle = 'rgba(80,120,200,0.25)';
  for (let y = 95; y < height / scale; y += 90) {
    g.beginPath();
    g.moveTo(0, y * scale);
    g.lineTo(width, y * scale);
    g.stroke();
  }
  words.forEach((word, line) => {
    let x = (50 + rnd() * 90) * scale;
    const baseline = (80 + line * 90) * scale;
    for (const ch of word) {
      const size = (46 + rnd() * 10) * scale;
      g.save();
      g.translate(x, baseline + (rnd() * 10 - 5) * scale);
      g.rotate(((rnd() * 8 - 4) * Math.PI) / 180);
      g.font = `${Math.round(size)}px "Noto Sans CJK SC"`;
      g.fillStyle = `rgb(${20 + Math.round(rnd() * 30)},${30 + Math.round(rnd() * 30)},${90 + Math.round(rnd() * 60)})`;
      g.shadowColor = g.fillStyle;
      g.shadowBlur = 1.5 * scale;
      g.fillText(ch, 0, 0);
      g.restore();
      x += size * (1.05 + rnd() * 0.2);
    }
  });
  for (let k = 0; k < 4000 * scale * scale; k++) {
    g.fillStyle = `rgba(0,0,0,${rnd() * 0.3})`;
    g.fillRect(rnd() * width, rnd() * height, 1.5, 1.5);
  }
  if (format === 'jpeg') return canvas.toBuffer('image/jpeg', 90);
  return format === 'webp' ? canvas.toBuffer('image/webp', 90) : canvas.toBuffer('image/png');
}

function found(text: string): string[] {
  return WORDS.filter((w) => text.includes(w));
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe('PaddleOCR engine', () => {
  const engine = new PaddleOcrEngine({ maxBytes: 10 * 1024 * 1024 });

  beforeAll(() => {
    if (!existsSync(FONT))
      throw new Error(`The test font ${FONT} is missing: run apt-get install fonts-noto-cjk`);
    GlobalFonts.registerFromPath(FONT, 'Noto Sans CJK SC');
  });

  it('reports ready without loading the models, then loads once on first use', async () => {
    const report = ocrHealth(engine);
    expect(await report()).toEqual({
      kind: 'ocr',
      name: 'paddle',
      ready: true,
      detail: 'PP-OCRv4, loads on first use',
    });
    expect(engine.warm).toBe(false);
  });

  it('reads at least 4 of 5 handwriting-like words', async () => {
    const image = handwriting(WORDS);
    const result = await engine.recognize(image);
    expect(found(result.text).length, result.text).toBeGreaterThanOrEqual(4);
    expect(result.text).toBe(result.lines.map((l) => l.text).join('\n'));
    for (const line of result.lines) {
      expect(line.score).toBeGreaterThan(0);
      expect(line.score).toBeLessThanOrEqual(1);
      for (const [x, y] of line.box) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(640);
        expect(y).toBeGreaterThanOrEqual(0);
      }
    }
    expect((await ocrHealth(engine)()).detail).toBe('PP-OCRv4, loaded');
  });

  it('scales a large JPEG photo down and reports boxes in its own pixels', async () => {
    const scale = 3;
    const image = handwriting(WORDS, scale, 'jpeg');
    expect(640 * scale).toBeGreaterThan(OCR_MAX_SIDE);
    const result = await engine.recognize(image);
    expect(found(result.text).length, result.text).toBeGreaterThanOrEqual(4);
    const xs = result.lines.flatMap((l) => l.box.map(([x]) => x));
    // Text starts past x=50 and ends near x=300 in the small image: three times that here.
    expect(Math.max(...xs)).toBeGreaterThan(OCR_MAX_SIDE / 3);
    expect(Math.min(...xs)).toBeGreaterThan(100);
  });

  it('takes concurrent calls (PNG, WebP, JPEG) one at a time and answers each', async () => {
    const formats = ['png', 'webp', 'jpeg'] as const;
    const images = [WORDS.slice(0, 2), WORDS.slice(2, 4), WORDS.slice(4)].map((w, i) =>
      handwriting(w, 1, formats[i]),
    );
    expect(images.map((b) => sniffImage(b))).toEqual(formats);
    const results = await Promise.all(images.map((image) => engine.recognize(image)));
    expect(results.map((r) => found(r.text))).toEqual([WORDS.slice(0, 2), WORDS.slice(2, 4), WORDS.slice(4)]);
  });

  it('answers busy (503) past the waiting limit instead of queueing without bound', async () => {
    const image = handwriting(['天气']);
    const calls = Array.from({ length: OCR_MAX_WAITING + 1 }, () =>
      engine.recognize(image).then(
        () => 'read',
        (e: unknown) => e,
      ),
    );
    const outcomes = await Promise.all(calls);
    expect(outcomes.slice(0, OCR_MAX_WAITING)).toEqual(Array.from({ length: OCR_MAX_WAITING }, () => 'read'));
    expect(outcomes.at(-1)).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
  });

  it('refuses what is not a PNG, JPEG or WebP, too large, or undecodable', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect(await rejection(engine.recognize(gif))).toMatchObject({
      statusCode: 415,
      code: 'unsupported_media_type',
    });
    expect(
      await rejection(engine.recognize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))),
    ).toMatchObject({ statusCode: 415 });
    expect(await rejection(engine.recognize(Buffer.alloc(0)))).toMatchObject({ statusCode: 415 });
    const small = new PaddleOcrEngine({ maxBytes: 1000 });
    expect(await rejection(small.recognize(handwriting(WORDS)))).toMatchObject({
      statusCode: 413,
      code: 'payload_too_large',
    });
    expect(small.warm).toBe(false);
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really a png'),
    ]);
    expect(await rejection(engine.recognize(broken))).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
    });
  });

  it('says clearly when the model files are missing', async () => {
    const lost = new PaddleOcrEngine({
      maxBytes: 1e7,
      models: {
        detectionPath: '/nope/det.onnx',
        recognitionPath: '/nope/rec.onnx',
        dictionaryPath: '/nope/keys.txt',
      },
    });
    expect(await lost.ready()).toBe(false);
    await expect(lost.recognize(handwriting(['天气']))).rejects.toThrow(
      /model files are missing: \/nope\/det\.onnx/,
    );
  });
});

describe('OCR configuration', () => {
  it('OCR_ENGINE=none answers every image with a 503', async () => {
    const off = createOcrEngine({ OCR_ENGINE: 'none', UPLOAD_LIMIT_BYTES: 1e7 });
    expect(await ocrHealth(off)()).toEqual({
      kind: 'ocr',
      name: 'none',
      ready: false,
      detail: 'switched off (OCR_ENGINE=none)',
    });
    expect(await rejection(off.recognize(Buffer.from([0xff, 0xd8, 0xff])))).toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
    });
  });

  it('OCR_ENGINE=paddle is the default engine', () => {
    expect(createOcrEngine({ OCR_ENGINE: 'paddle', UPLOAD_LIMIT_BYTES: 1e7 }).name).toBe('paddle');
  });
});

import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

/** The system CJK font the images are drawn with (Debian: fonts-noto-cjk). */
export const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const FAMILY = 'Noto Sans CJK SC';
let registered = false;

function registerFont(): void {
  if (registered) return;
  if (!existsSync(CJK_FONT))
    throw new Error(`The test font ${CJK_FONT} is missing: apt-get install fonts-noto-cjk`);
  GlobalFonts.registerFromPath(CJK_FONT, FAMILY);
  registered = true;
}

/** A small seeded generator, so an image is the same on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * A photo-like PNG of words written one per line by hand: each character tilted by up to ±4°, an
 * uneven baseline and size, ink colour varying, ruled paper and speckle noise.
 */
export function renderHandwriting(lines: readonly string[], seed = 20_240_611): Buffer {
  registerFont();
  const rnd = seeded(seed);
  const width = 640;
  const height = 60 + lines.length * 90;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f6f1e4';
  g.fillRect(0, 0, width, height);
  g.strokeStyle = 'rgba(80,120,200,0.25)';
  for (let y = 95; y < height; y += 90) {
    g.beginPath();
    g.moveTo(0, y);
    g.lineTo(width, y);
    g.stroke();
  }
  lines.forEach((line, row) => {
    let x = 50 + rnd() * 90;
    const baseline = 80 + row * 90;
    for (const ch of line) {
      const size = 46 + rnd() * 10;
      g.save();
      g.translate(x, baseline + (rnd() * 10 - 5));
      g.rotate(((rnd() * 8 - 4) * Math.PI) / 180);
      g.font = `${Math.round(size)}px "${FAMILY}"`;
      g.fillStyle = `rgb(${20 + Math.round(rnd() * 30)},${30 + Math.round(rnd() * 30)},${90 + Math.round(rnd() * 60)})`;
      g.shadowColor = g.fillStyle;
      g.shadowBlur = 1.5;
      g.fillText(ch, 0, 0);
      g.restore();
      x += size * (1.05 + rnd() * 0.2);
    }
  });
  for (let k = 0; k < 4000; k++) {
    g.fillStyle = `rgba(0,0,0,${rnd() * 0.3})`;
    g.fillRect(rnd() * width, rnd() * height, 1.5, 1.5);
  }
  return canvas.toBuffer('image/png');
}

/** A clean PNG of printed text lines (a word list from a book or a worksheet). */
export function renderPrinted(lines: readonly string[]): Buffer {
  registerFont();
  const width = 900;
  const height = 40 + lines.length * 70;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#111111';
  g.font = `40px "${FAMILY}"`;
  lines.forEach((line, row) => g.fillText(line, 30, 70 + row * 70));
  return canvas.toBuffer('image/png');
}

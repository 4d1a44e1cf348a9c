// PaddleOCR speed and memory: time per image (warm) and peak RSS, on rendered handwriting-like
// pages. Run: npx tsx apps/server/bench/ocr.bench.ts (needs fonts-noto-cjk).
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PaddleOcrEngine } from '../src/speech/ocr/paddle-engine.js';

const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const WORDS = [
  '学习',
  '朋友',
  '电影',
  '喜欢',
  '天气',
  '医生',
  '飞机',
  '漂亮',
  '考试',
  '问题',
  '准备',
  '休息',
  '运动',
  '旅游',
  '环境',
];
const RUNS = 20;

if (!existsSync(FONT)) throw new Error(`${FONT} is missing: run apt-get install fonts-noto-cjk`);
GlobalFonts.registerFromPath(FONT, 'Noto Sans CJK SC');

let seed = 7;
function rnd(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

function page(words: string[], width: number): Buffer {
  const height = 60 + words.length * 90;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f6f1e4';
  g.fillRect(0, 0, width, height);
  words.forEach((word, line) => {
    let x = 50 + rnd() * 90;
    for (const ch of word) {
      const size = 46 + rnd() * 10;
      g.save();
      g.translate(x, 80 + line * 90 + rnd() * 10 - 5);
      g.rotate(((rnd() * 8 - 4) * Math.PI) / 180);
      g.font = `${Math.round(size)}px "Noto Sans CJK SC"`;
      g.fillStyle = '#1f2f7a';
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

const engine = new PaddleOcrEngine({ maxBytes: 10 * 1024 * 1024 });
const rssBefore = process.memoryUsage().rss;
const images = Array.from({ length: RUNS }, (_, i) =>
  page(WORDS.slice((i * 5) % WORDS.length, ((i * 5) % WORDS.length) + 5), 640),
);

let t = performance.now();
const first = await engine.recognize(images[0] ?? Buffer.alloc(0));
const coldMs = performance.now() - t;
const times: number[] = [];
let read = 0;
let total = 0;
for (const [i, image] of images.entries()) {
  t = performance.now();
  const result = await engine.recognize(image);
  times.push(performance.now() - t);
  const expected = WORDS.slice((i * 5) % WORDS.length, ((i * 5) % WORDS.length) + 5);
  total += expected.length;
  read += expected.filter((w) => result.text.includes(w)).length;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.log(`ocr (PaddleOCR PP-OCRv4): ${RUNS} rendered 640x510 pages of 5 handwriting-like words`);
console.log(`first call (loads models): ${coldMs.toFixed(0)} ms, read ${first.lines.length} lines`);
console.log(
  `warm per image: median ${median.toFixed(0)} ms, min ${(times[0] ?? 0).toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms`,
);
console.log(`words read: ${read}/${total}`);
console.log(`RSS before load ${(rssBefore / 1e6).toFixed(0)} MB, peak RSS ${peakRssMb.toFixed(0)} MB`);

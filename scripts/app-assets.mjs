// `node scripts/app-assets.mjs`: draws the native app's launcher icons and splash screens from the web
// app's icon (apps/web/public/icon.svg) in the product's colours, at the sizes the Capacitor templates use.
// Run it after `cap add` or when the icon changes; its output is committed.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { root } from './lib.mjs';

const BRAND = '#b91c1c';
const web = path.join(root, 'apps/web');
const icon = path.join(web, 'public/icon.svg');

/** Every PNG under `dir` whose name matches. */
function pngs(dir, match) {
  return readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => statSync(f).isFile() && match.test(path.basename(f)));
}

async function size(file) {
  const { width = 0, height = 0 } = await sharp(file).metadata();
  return { width, height };
}

/** The icon on a brand-coloured sheet, the icon a third of the shorter side. */
async function splash(file) {
  const { width, height } = await size(file);
  const side = Math.round(Math.min(width, height) / 3);
  const mark = await sharp(icon, { density: 300 }).resize(side, side).png().toBuffer();
  await sharp({ create: { width, height, channels: 3, background: BRAND } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toFile(`${file}.tmp`);
  await sharp(`${file}.tmp`).toFile(file);
}

/** The icon at the file's own size; `flat` drops transparency (the App Store refuses it). */
async function launcher(file, flat = false) {
  const { width } = await size(file);
  let img = sharp(icon, { density: 300 }).resize(width, width);
  if (flat) img = img.flatten({ background: BRAND });
  await img.png().toFile(`${file}.tmp`);
  await sharp(`${file}.tmp`).toFile(file);
}

const { rmSync } = await import('node:fs');
const jobs = [
  ...pngs(path.join(web, 'android/app/src/main/res'), /^splash\.png$/).map((f) => [f, () => splash(f)]),
  ...pngs(path.join(web, 'ios/App/App/Assets.xcassets/Splash.imageset'), /\.png$/).map((f) => [
    f,
    () => splash(f),
  ]),
  ...pngs(path.join(web, 'android/app/src/main/res'), /^ic_launcher(_round|_foreground)?\.png$/).map((f) => [
    f,
    () => launcher(f),
  ]),
  ...pngs(path.join(web, 'ios/App/App/Assets.xcassets/AppIcon.appiconset'), /\.png$/).map((f) => [
    f,
    () => launcher(f, true),
  ]),
];
for (const [file, draw] of jobs) {
  await draw();
  rmSync(`${file}.tmp`);
}
console.log(`✓ ${jobs.length} icons and splash screens drawn from ${path.relative(root, icon)}`);

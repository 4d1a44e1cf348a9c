#!/usr/bin/env node
// Draws the pictures for the HSKK "describe a picture" questions.
//
// Reads every test file in apps/server/src/db/seed/data/hskk, and for each
// question with a `scene` ({id, background, icons}) writes
// apps/server/src/db/seed/data/hskk/images/<scene id>.svg: a 640x400 flat
// background for the scene type with the Fluent Emoji (flat) icons laid out
// on it. Icons are embedded as nested <svg> elements, so the files need no
// external assets.
//
// Usage: node scripts/content/compose-scenes.mjs [--data dir] [--icons path/to/icons.json]
// The icons come from the npm package @iconify-json/fluent-emoji-flat
// (resolved from this script's folder or the working directory, or given
// with --icons / ICONS_JSON). Fluent Emoji: (c) Microsoft, MIT licence.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : null;
};
const dataDir = path.resolve(opt('--data') || path.join(here, '../../apps/server/src/db/seed/data/hskk'));
const outDir = path.join(dataDir, 'images');

function findIcons() {
  const explicit = opt('--icons') || process.env.ICONS_JSON;
  if (explicit) return explicit;
  for (const base of [path.join(here, 'x.js'), path.join(process.cwd(), 'x.js')]) {
    try {
      return createRequire(base).resolve('@iconify-json/fluent-emoji-flat/icons.json');
    } catch {
      /* not installed here: try the next place */
    }
  }
  console.error(
    'error: cannot find @iconify-json/fluent-emoji-flat/icons.json (install the package or pass --icons <path>)',
  );
  process.exit(2);
}
const iconSet = JSON.parse(fs.readFileSync(findIcons(), 'utf8'));

function getIcon(name) {
  let icon = iconSet.icons[name];
  let alias = iconSet.aliases?.[name];
  if (!icon && alias) icon = iconSet.icons[alias.parent];
  if (!icon) throw new Error(`icon "${name}" is not in fluent-emoji-flat`);
  return {
    body: icon.body,
    width: icon.width || alias?.width || iconSet.width || 16,
    height: icon.height || alias?.height || iconSet.height || 16,
    hFlip: Boolean(alias?.hFlip || icon.hFlip),
  };
}

const W = 640;
const H = 400;
let uid = 0;

// One icon as a nested <svg>, with its bottom centre at (cx, bottom).
function placeIcon(name, cx, bottom, size) {
  const icon = getIcon(name);
  const prefix = `i${++uid}-`;
  // keep ids unique when the same icon is used twice in one picture
  let body = icon.body
    .replace(/id="([^"]+)"/g, (_, id) => `id="${prefix}${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id) => `url(#${prefix}${id})`)
    .replace(/href="#([^"]+)"/g, (_, id) => `href="#${prefix}${id}"`);
  if (icon.hFlip) body = `<g transform="translate(${icon.width} 0) scale(-1 1)">${body}</g>`;
  const w = size * (icon.width / icon.height);
  const x = (cx - w / 2).toFixed(1);
  const y = (bottom - size).toFixed(1);
  return `<svg x="${x}" y="${y}" width="${w.toFixed(1)}" height="${size}" viewBox="0 0 ${icon.width} ${icon.height}">${body}</svg>`;
}
const shadow = (cx, y, w) =>
  `<ellipse cx="${cx.toFixed(1)}" cy="${y}" rx="${(w * 0.38).toFixed(1)}" ry="${(w * 0.06).toFixed(1)}" fill="#000" opacity="0.12"/>`;

// ---------------------------------------------------------------- backgrounds
const rect = (x, y, w, h, fill, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra}/>`;
const sky = (h, top = '#9fd8ff', bottom = '#e6f6ff') =>
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>${rect(0, 0, W, h, 'url(#sky)')}`;
const cloud = (x, y, s = 1) =>
  `<g fill="#fff" opacity="0.9" transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="0" rx="34" ry="14"/><ellipse cx="-18" cy="-8" rx="18" ry="14"/><ellipse cx="14" cy="-12" rx="20" ry="16"/></g>`;
const tree = (x, y, s = 1, c = '#5aa84f') =>
  `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-6" y="-40" width="12" height="40" fill="#8a5a3b"/><circle cx="0" cy="-62" r="30" fill="${c}"/><circle cx="-20" cy="-48" r="20" fill="${c}"/><circle cx="20" cy="-48" r="20" fill="${c}"/></g>`;
const windowFrame = (x, y, w, h) =>
  `${rect(x - 6, y - 6, w + 12, h + 12, '#ffffff')}${rect(x, y, w, h, '#bfe6ff')}${cloud(x + w * 0.35, y + h * 0.4, 0.6)}<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#fff" stroke-width="6"/><line x1="${x}" y1="${y + h / 2}" x2="${x + w}" y2="${y + h / 2}" stroke="#fff" stroke-width="6"/>`;
const floorBoards = (y, color, line) => {
  let s = rect(0, y, W, H - y, color);
  for (let i = 1; i < 5; i++)
    s += `<line x1="0" y1="${y + (i * (H - y)) / 5}" x2="${W}" y2="${y + (i * (H - y)) / 5}" stroke="${line}" stroke-width="2"/>`;
  return s;
};
const table = (x1, x2, y, top = '#a0673e', cloth = null) => {
  const w = x2 - x1;
  let s = '';
  if (cloth) s += `<path d="M${x1 - 6} ${y} h${w + 12} l10 60 h${-(w + 32)} z" fill="${cloth}"/>`;
  else s += `${rect(x1 + 12, y + 10, 10, 85, top)}${rect(x2 - 22, y + 10, 10, 85, top)}`;
  s += rect(x1 - 8, y, w + 16, 12, top, ' rx="4"');
  return s;
};

// Each background returns the SVG shapes and the layout hints:
// floor: y where people and ground objects stand; region: x range for the
// foreground row; surface: where small objects go (a table or counter);
// sea: y of the horizon for boats; road: y where vehicles stand.
const BACKGROUNDS = {
  home() {
    const s =
      rect(0, 0, W, 285, '#f6e7d2') +
      rect(0, 270, W, 15, '#e2c9a6') +
      windowFrame(50, 55, 150, 115) +
      `${rect(250, 70, 90, 70, '#c98b5a')}${rect(258, 78, 74, 54, '#fff3c4')}<circle cx="280" cy="110" r="12" fill="#f2a65a"/><path d="M262 132 l25 -22 l20 16 l12 -10 l13 16 z" fill="#7cb86a"/>` +
      floorBoards(285, '#c8a27a', '#b68e66') +
      table(420, 600, 255, '#9b6a43');
    return { svg: s, floor: 385, region: [30, 400], surface: [430, 590, 255] };
  },
  kitchen() {
    let s = rect(0, 0, W, 280, '#e3f1f4');
    for (let x = 0; x <= W; x += 40)
      s += `<line x1="${x}" y1="120" x2="${x}" y2="280" stroke="#cfe3e8" stroke-width="2"/>`;
    for (let y = 120; y <= 280; y += 40)
      s += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#cfe3e8" stroke-width="2"/>`;
    s += rect(0, 0, W, 95, '#c58f5e') + rect(0, 95, W, 8, '#a8744a');
    for (let x = 10; x < W; x += 128)
      s +=
        rect(x, 10, 116, 78, '#d4a373', ' rx="4"') + `<circle cx="${x + 58}" cy="78" r="4" fill="#7a4e2d"/>`;
    s += rect(0, 280, W, H - 280, '#d8cfc4');
    for (let x = 0; x < W; x += 64)
      for (let y = 280; y < H; y += 40)
        if ((x / 64 + (y - 280) / 40) % 2 === 0) s += rect(x, y, 64, 40, '#cbbfb1');
    s +=
      rect(360, 255, 280, 145, '#f0e6d8') +
      rect(352, 245, 288, 14, '#8c9ba5', ' rx="3"') +
      rect(380, 280, 110, 90, '#e4d6c3', ' rx="4"') +
      rect(510, 280, 110, 90, '#e4d6c3', ' rx="4"');
    return { svg: s, floor: 388, region: [30, 340], surface: [385, 615, 247] };
  },
  park() {
    let s =
      sky(250) +
      cloud(470, 60) +
      cloud(140, 90, 0.8) +
      `<path d="M0 250 Q120 190 250 235 T520 220 T640 230 V260 H0 Z" fill="#a8d5a2"/>` +
      rect(0, 250, W, H - 250, '#8ccb6e') +
      `<path d="M380 400 Q420 330 520 300 T640 270 V295 Q560 320 500 345 T450 400 Z" fill="#e8d9b5"/>` +
      tree(40, 262, 0.9, '#4f9a47') +
      tree(600, 258, 0.8, '#4f9a47');
    for (const [x, y, c] of [
      [90, 330, '#ff7aa2'],
      [130, 360, '#ffd166'],
      [300, 380, '#ff7aa2'],
      [560, 380, '#ffd166'],
      [230, 300, '#ffffff'],
    ])
      s += `<circle cx="${x}" cy="${y}" r="5" fill="${c}"/>`;
    return { svg: s, floor: 380, region: [30, 610], surface: null };
  },
  street() {
    let s = sky(250);
    const blds = [
      [0, 90, 110, '#9fb4c7'],
      [115, 60, 90, '#c7b49f'],
      [210, 110, 120, '#b3c7a0'],
      [335, 40, 100, '#a8a3c7'],
      [440, 100, 90, '#c7a3a8'],
      [535, 70, 105, '#9fc0c7'],
    ];
    for (const [x, y, w, c] of blds) {
      s += rect(x, y, w, 250 - y, c);
      for (let wy = y + 14; wy < 235; wy += 28)
        for (let wx = x + 12; wx < x + w - 16; wx += 24)
          s += rect(wx, wy, 12, 16, '#eef6ff', ' opacity="0.85"');
    }
    s += rect(0, 245, W, 10, '#bdbdbd') + rect(0, 255, W, 80, '#5b5f66');
    for (let x = 10; x < W; x += 80) s += rect(x, 293, 44, 6, '#f4f4f4');
    s += rect(0, 335, W, 65, '#d7d2c8') + rect(0, 335, W, 6, '#b9b3a7');
    return { svg: s, floor: 392, region: [40, 600], surface: null, road: 330 };
  },
  classroom() {
    let s =
      rect(0, 0, W, 285, '#fff4d6') +
      rect(0, 270, W, 15, '#e9d6a8') +
      rect(130, 35, 380, 150, '#8b5a2b', ' rx="6"') +
      rect(140, 45, 360, 130, '#2f5d50') +
      `<path d="M165 80 h70 M165 105 h110 M165 130 h60 M330 75 q20 -15 40 0 t40 0 M330 120 h120" stroke="#e8f1ec" stroke-width="4" stroke-linecap="round" fill="none" opacity="0.8"/>` +
      rect(140, 175, 360, 8, '#8b5a2b') +
      `<circle cx="575" cy="80" r="28" fill="#fff" stroke="#555" stroke-width="4"/><path d="M575 80 V62 M575 80 H590" stroke="#333" stroke-width="4" stroke-linecap="round"/>` +
      floorBoards(285, '#d9b48a', '#c79f74') +
      table(420, 610, 262, '#8a5a35');
    return { svg: s, floor: 385, region: [30, 400], surface: [430, 600, 262] };
  },
  office() {
    let s =
      rect(0, 0, W, 285, '#eef1f5') +
      rect(0, 275, W, 10, '#d4dae2') +
      rect(40, 40, 200, 140, '#ffffff') +
      rect(48, 48, 184, 124, '#cfe8ff');
    for (const [x, h] of [
      [60, 70],
      [95, 100],
      [130, 55],
      [165, 90],
      [200, 65],
    ])
      s += rect(x, 172 - h, 28, h, '#9db3c9');
    s +=
      `<line x1="140" y1="48" x2="140" y2="172" stroke="#fff" stroke-width="6"/>` +
      rect(300, 60, 120, 80, '#ffffff', ' stroke="#c5ccd6" stroke-width="4"') +
      `<polyline points="315,125 345,100 370,112 405,78" fill="none" stroke="#4f8fd6" stroke-width="5"/>` +
      rect(0, 285, W, H - 285, '#b8c4d0') +
      table(400, 620, 258, '#6f7f8f');
    return { svg: s, floor: 385, region: [30, 390], surface: [410, 610, 258] };
  },
  shop() {
    let s = rect(0, 0, W, 290, '#fff7e8');
    for (let x = 0; x < W; x += 64)
      s += `<path d="M${x} 0 h32 v34 q-16 14 -32 0 z" fill="#e4572e"/><path d="M${x + 32} 0 h32 v34 q-16 14 -32 0 z" fill="#ffffff"/>`;
    s += rect(30, 60, 340, 200, '#e6c9a0');
    const colours = ['#6bb3f2', '#f2c14e', '#7fc97f', '#f28c8c', '#b48ef2', '#f2a65a'];
    [
      [70, 120],
      [130, 180],
      [190, 240],
    ].forEach(([y1, y2], row) => {
      s += rect(30, y2 - 8, 340, 8, '#a9794a');
      for (let i = 0, x = 42; x < 350; i++, x += 36)
        s += rect(x, y1 - 2, 26, y2 - y1 - 8, colours[(i + row) % colours.length], ' rx="3"');
    });
    s +=
      rect(0, 290, W, H - 290, '#e6dccb') +
      rect(410, 255, 220, 145, '#c98b5a') +
      rect(400, 245, 240, 14, '#8f5b34', ' rx="3"');
    return { svg: s, floor: 390, region: [30, 390], surface: [420, 620, 247] };
  },
  restaurant() {
    let s = rect(0, 0, W, 285, '#fbe9e0') + rect(0, 180, W, 105, '#e9c9b5');
    for (const x of [120, 320, 520])
      s += `<line x1="${x}" y1="0" x2="${x}" y2="50" stroke="#6b4a3a" stroke-width="3"/><path d="M${x - 28} 70 q28 -36 56 0 z" fill="#f2b134"/>`;
    s += rect(0, 285, W, H - 285, '#efe3d3');
    for (let x = 0; x < W; x += 40)
      for (let y = 285; y < H; y += 40)
        if ((x / 40 + (y - 285) / 40) % 2 === 0) s += rect(x, y, 40, 40, '#d9c7b0');
    s += table(400, 610, 258, '#7a4e2d', '#ffffff');
    return { svg: s, floor: 388, region: [30, 385], surface: [410, 600, 258] };
  },
  hospital() {
    const s =
      rect(0, 0, W, 285, '#eaf6f6') +
      rect(0, 200, W, 85, '#d3ecec') +
      rect(270, 40, 100, 100, '#ffffff', ' rx="12"') +
      rect(305, 55, 30, 70, '#e53935') +
      rect(285, 75, 70, 30, '#e53935') +
      rect(40, 60, 140, 200, '#b7dede', ' rx="4"') +
      `<path d="M40 60 q35 30 0 60 q35 30 0 60 q35 30 0 80" fill="none" stroke="#9ccaca" stroke-width="6"/>` +
      rect(0, 285, W, H - 285, '#d5e3e3') +
      table(410, 615, 260, '#9aa9b5');
    return { svg: s, floor: 388, region: [30, 395], surface: [420, 605, 260] };
  },
  station() {
    let s = rect(0, 0, W, 230, '#dde3ea');
    for (let x = 0; x <= W; x += 80)
      s += `<path d="M${x} 0 L${x + 40} 40 L${x + 80} 0" fill="none" stroke="#b8c2cc" stroke-width="5"/>`;
    s +=
      rect(0, 40, W, 6, '#aab4bf') +
      rect(230, 70, 180, 44, '#2b3a4a', ' rx="6"') +
      `<path d="M250 92 h40 M300 92 h30 M345 92 h45" stroke="#ffd24d" stroke-width="6" stroke-linecap="round"/>` +
      rect(0, 200, W, 95, '#6d6a66');
    for (let x = 0; x < W; x += 30) s += rect(x, 266, 16, 24, '#8a7560');
    s +=
      rect(0, 270, W, 5, '#c9ccd1') +
      rect(0, 284, W, 5, '#c9ccd1') +
      rect(0, 295, W, H - 295, '#cbc5ba') +
      rect(0, 302, W, 10, '#f2c230');
    return { svg: s, floor: 392, region: [40, 600], surface: null, back: 292 };
  },
  beach() {
    let s = sky(205, '#8fd3ff', '#e3f5ff') + rect(0, 200, W, 70, '#4fb3e8');
    for (let y = 215; y < 265; y += 16)
      s += `<path d="M0 ${y} q20 -6 40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.5"/>`;
    s += `<path d="M0 268 Q160 250 320 262 T640 258 V400 H0 Z" fill="#f3dda5"/>`;
    for (const [x, y] of [
      [90, 320],
      [250, 370],
      [520, 340],
      [600, 385],
    ])
      s += `<circle cx="${x}" cy="${y}" r="4" fill="#e0c27d"/>`;
    return { svg: s, floor: 388, region: [30, 610], surface: null, sea: 248 };
  },
  mountain() {
    const s =
      sky(260) +
      cloud(520, 70) +
      `<path d="M-20 260 L140 90 L300 260 Z" fill="#8aa1b8"/><path d="M140 90 L112 120 L130 116 L142 128 L156 116 L170 122 Z" fill="#fff"/>` +
      `<path d="M180 260 L380 60 L580 260 Z" fill="#7b93ab"/><path d="M380 60 L345 97 L365 92 L380 106 L396 92 L416 98 Z" fill="#fff"/>` +
      `<path d="M420 260 L560 130 L700 260 Z" fill="#95abc0"/>` +
      `<path d="M0 250 Q200 225 400 245 T640 240 V400 H0 Z" fill="#7fbf6a"/>` +
      tree(60, 300, 0.7, '#3f8a3a') +
      tree(600, 300, 0.8, '#3f8a3a');
    return { svg: s, floor: 385, region: [30, 610], surface: null };
  },
  sports() {
    let s = sky(170) + cloud(120, 60, 0.8) + rect(0, 150, W, 25, '#7a8a99');
    for (let x = 0; x < W; x += 16)
      s += `<line x1="${x}" y1="150" x2="${x}" y2="175" stroke="#9aa8b5" stroke-width="2"/>`;
    s += rect(0, 175, W, 225, '#6dbb5a') + rect(0, 300, W, 60, '#d9634a');
    for (const y of [315, 330, 345])
      s += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#fff" stroke-width="2" opacity="0.8"/>`;
    s +=
      rect(0, 360, W, 40, '#6dbb5a') +
      rect(600, 110, 8, 190, '#555') +
      rect(560, 100, 70, 48, '#ffffff', ' stroke="#555" stroke-width="3"') +
      rect(583, 118, 24, 18, 'none', ' stroke="#e4572e" stroke-width="3"') +
      `<ellipse cx="595" cy="150" rx="18" ry="4" fill="none" stroke="#e4572e" stroke-width="3"/>`;
    return { svg: s, floor: 390, region: [30, 560], surface: null };
  },
  party() {
    let s =
      rect(0, 0, W, 285, '#eadcf8') +
      `<path d="M0 30 Q160 70 320 35 T640 35" fill="none" stroke="#8a6bb8" stroke-width="2"/>`;
    const flagColours = ['#ff6b6b', '#ffd166', '#06d6a0', '#4cc9f0', '#f78c6b'];
    for (let i = 0; i < 16; i++) {
      const x = 10 + i * 40;
      const y = 30 + 22 * Math.sin((i / 15) * Math.PI * 2) * 0.9 + 14;
      s += `<path d="M${x} ${y - 12} l24 0 l-12 26 z" fill="${flagColours[i % flagColours.length]}"/>`;
    }
    for (const [x, y, c] of [
      [80, 120, '#ff6b6b'],
      [200, 160, '#ffd166'],
      [300, 110, '#06d6a0'],
      [520, 150, '#4cc9f0'],
      [600, 220, '#f78c6b'],
      [40, 230, '#ffd166'],
      [420, 200, '#ff6b6b'],
    ])
      s += `<circle cx="${x}" cy="${y}" r="5" fill="${c}"/>`;
    s += rect(0, 285, W, H - 285, '#c9b6e4') + table(400, 615, 258, '#b07aa1', '#ffffff');
    return { svg: s, floor: 388, region: [30, 385], surface: [410, 605, 258] };
  },
};

// ------------------------------------------------------------------- layout
const PEOPLE =
  /^(man|woman|person|boy|girl|child|baby|old-man|old-woman|older-person|people|family|adult|cook|teacher|student|farmer|health-worker|office-worker|technologist|scientist|singer|artist|pilot|astronaut|firefighter|police-officer|construction-worker|mechanic|guard|detective|judge|factory-worker)(-|$)/;
const ANIMALS = new Set([
  'dog',
  'cat',
  'black-cat',
  'poodle',
  'rabbit',
  'duck',
  'chicken',
  'rooster',
  'panda',
  'pig',
  'cow',
  'horse',
  'sheep',
  'ewe',
  'goat',
  'monkey',
  'penguin',
  'turtle',
  'guide-dog',
  'service-dog',
]);
const SKY =
  /^(sun|sun-with-face|sun-behind-.*|cloud.*|crescent-moon|full-moon|rainbow|airplane|small-airplane|helicopter|bird|dove|eagle|kite|star|glowing-star|snowflake|fireworks|sparkler)$/;
const HANGING = new Set([
  'balloon',
  'red-paper-lantern',
  'light-bulb',
  'mirror-ball',
  'wind-chime',
  'framed-picture',
  'mantelpiece-clock',
  'calendar',
  'spiral-calendar',
  'tear-off-calendar',
]);
const BIG =
  /^(deciduous-tree|evergreen-tree|palm-tree|christmas-tree|office-building|house|house-with-garden|school|hospital|department-store|convenience-store|hotel|post-office|bank|cityscape|high-speed-train|bullet-train|train|locomotive|railway-car|tram|light-rail|metro|ferris-wheel|tent|playground-slide|snow-capped-mountain|mountain|stadium|classical-building)$/;
const VEHICLES =
  /^(automobile|oncoming-automobile|taxi|oncoming-taxi|bus|oncoming-bus|minibus|police-car|ambulance|fire-engine|delivery-truck|pickup-truck|sport-utility-vehicle|racing-car|trolleybus)$/;
const BOATS = /^(sailboat|ship|motor-boat|speedboat|canoe|ferry|passenger-ship)$/;
const GROUND = new Set([
  'luggage',
  'umbrella-on-ground',
  'shopping-cart',
  'chair',
  'potted-plant',
  'bicycle',
  'kick-scooter',
  'motor-scooter',
  'couch-and-lamp',
  'bed',
  'television',
  'bucket',
  'wastebasket',
  'basket',
]);
const HELD = new Set([
  'ticket',
  'admission-tickets',
  'mobile-phone',
  'thermometer',
  'credit-card',
  'envelope',
  'red-envelope',
  'passport-control',
  'newspaper',
  'open-book',
  'closed-book',
  'books',
  'pencil',
  'pen',
  'camera',
  'umbrella',
  'closed-umbrella',
  'shopping-bags',
  'handbag',
  'briefcase',
  'bouquet',
  'ice-cream',
  'soft-ice-cream',
  'basketball',
  'soccer-ball',
  'tennis',
  'volleyball',
]);

function category(name) {
  if (PEOPLE.test(name)) return 'person';
  if (ANIMALS.has(name)) return 'animal';
  if (SKY.test(name)) return 'sky';
  if (HANGING.has(name)) return 'hanging';
  if (BIG.test(name)) return 'big';
  if (VEHICLES.test(name)) return 'vehicle';
  if (BOATS.test(name)) return 'boat';
  if (GROUND.has(name)) return 'ground';
  if (HELD.has(name)) return 'held';
  return 'small';
}
// How a person emoji is drawn: a whole body, a bust, or only a head.
const FULL_BODY =
  /-(standing|walking|walking-facing-right|running|running-facing-right|biking|mountain-biking|bouncing-ball|dancing|cartwheeling|juggling|golfing|climbing|kneeling|kneeling-facing-right|with-white-cane|surfing|playing-handball|lifting-weights)$/;
const HEADS =
  /^(man|woman|person|boy|girl|child|baby|old-man|old-woman|older-person|(man|woman|person)-(beard|bald|blonde-hair|curly-hair|red-hair|white-hair))$/;
function personKind(name) {
  if (FULL_BODY.test(name)) return 'full';
  if (HEADS.test(name)) return 'head';
  return 'bust';
}
const SHIRTS = ['#4c8dd6', '#e4572e', '#3aa878', '#8e6cc9', '#f2a93b', '#d6557a'];
const spread = (n, x1, x2) => Array.from({ length: n }, (_, i) => x1 + ((i + 0.5) * (x2 - x1)) / n);

function compose(scene, title) {
  const draw = BACKGROUNDS[scene.background];
  if (!draw) throw new Error(`${scene.id}: unknown background "${scene.background}"`);
  const bg = draw();
  const items = scene.icons.map((name) => ({ name, cat: category(name) }));
  const indoor = Boolean(bg.surface) || scene.background === 'station';
  for (const it of items) {
    if (it.cat === 'hanging' && !indoor) it.cat = 'sky';
    if (it.cat === 'sky' && indoor && it.name !== 'fireworks') it.cat = 'hanging';
    if (it.cat === 'held' && bg.surface && !/ball|tennis/.test(it.name)) it.cat = 'small';
    if (it.cat === 'boat' && !bg.sea) it.cat = 'ground';
    if (it.cat === 'vehicle' && !bg.road) it.cat = 'ground';
  }
  const layers = { back: [], mid: [], front: [], top: [] };

  // sky and hanging things across the top
  const tops = items.filter((it) => it.cat === 'sky' || it.cat === 'hanging');
  const topXs = tops.length === 1 ? [bg.surface ? 510 : 560] : spread(tops.length, 60, 580);
  tops.forEach((it, i) => {
    const size = it.name.startsWith('sun') ? 84 : it.cat === 'hanging' ? 64 : 70;
    const y = it.cat === 'hanging' ? 150 + (i % 2) * 18 : 100 + (i % 2) * 20;
    layers.top.push(placeIcon(it.name, topXs[i], y, size));
  });

  // big things behind everything
  const bigs = items.filter((it) => it.cat === 'big');
  const backY = bg.back || bg.floor - 70;
  const bigXs =
    bigs.length === 1
      ? [/train|railway|tram|metro/.test(bigs[0].name) ? 330 : bg.surface ? 330 : 520]
      : spread(bigs.length, 80, 560);
  bigs.forEach((it, i) => {
    const size = /train|railway|tram|metro/.test(it.name)
      ? 200
      : /building|cityscape|school|hospital|store|hotel|bank/.test(it.name)
        ? 190
        : 170;
    layers.back.push(placeIcon(it.name, bigXs[i], backY, size));
  });

  // boats on the sea, vehicles on the road
  items
    .filter((it) => it.cat === 'boat')
    .forEach((it, i) => layers.back.push(placeIcon(it.name, 330 - i * 150, bg.sea + 4, 64)));
  items
    .filter((it) => it.cat === 'vehicle')
    .forEach((it, i) =>
      layers.mid.push(
        shadow(480 - i * 150, bg.road - 4, 130) + placeIcon(it.name, 480 - i * 150, bg.road, 130),
      ),
    );

  // small things on the table / counter
  const smalls = items.filter((it) => it.cat === 'small' && bg.surface);
  if (smalls.length) {
    const [x1, x2, y] = bg.surface;
    const size = smalls.length > 3 ? 58 : 66;
    spread(smalls.length, x1, x2).forEach((x, i) =>
      layers.mid.push(placeIcon(smalls[i].name, x, y + 4, size)),
    );
  }

  // foreground row: people, animals, ground objects (and small things when there is no table),
  // grouped around the middle of the free floor area
  const row = items.filter(
    (it) => ['person', 'animal', 'ground'].includes(it.cat) || (it.cat === 'small' && !bg.surface),
  );
  const [rx1, rx2] = bg.region;
  const step = Math.min((rx2 - rx1) / Math.max(row.length, 1), 150);
  const start = (rx1 + rx2) / 2 - (step * row.length) / 2;
  const xs = row.map((_, i) => start + (i + 0.5) * step);
  const personSize = Math.min(150, Math.max(110, step * 1.1));
  const pos = new Map();
  let figure = 0;
  row.forEach((it, i) => {
    const x = xs[i];
    const bottom = bg.floor - (it.cat === 'person' && row.length > 3 ? (i % 2) * 10 : 0);
    if (it.cat === 'person') {
      const kind = personKind(it.name);
      if (kind === 'head') {
        // head-only emoji: give it a simple flat body so it stands on the floor
        const child = /^(boy|girl|child|baby)$/.test(it.name);
        const head = Math.round(personSize * (child ? 0.5 : 0.54));
        const bodyH = Math.round(personSize * (child ? 0.36 : 0.5));
        const bodyW = head * 0.92;
        const colour = SHIRTS[figure++ % SHIRTS.length];
        const top = bottom - bodyH;
        const r = bodyW * 0.32;
        layers.front.push(
          shadow(x, bottom - 2, bodyW * 1.3) +
            `<path d="M${(x - bodyW / 2).toFixed(1)} ${bottom} V${(top + r).toFixed(1)} Q${(x - bodyW / 2).toFixed(1)} ${top} ${(x - bodyW / 2 + r).toFixed(1)} ${top} H${(x + bodyW / 2 - r).toFixed(1)} Q${(x + bodyW / 2).toFixed(1)} ${top} ${(x + bodyW / 2).toFixed(1)} ${(top + r).toFixed(1)} V${bottom} Z" fill="${colour}"/>` +
            placeIcon(it.name, x, top + head * 0.16, head),
        );
        pos.set(it, {
          x,
          bottom,
          size: bodyH + head * 0.84,
          hand: top + bodyH * 0.35,
          handX: x + bodyW * 0.55,
          held: Math.round(head * 0.55),
        });
        return;
      }
      const size = kind === 'full' ? Math.round(personSize * 1.12) : personSize;
      layers.front.push(
        shadow(x, bottom - 2, size * (kind === 'full' ? 0.7 : 1)) + placeIcon(it.name, x, bottom, size),
      );
      pos.set(it, {
        x,
        bottom,
        size,
        hand: bottom - size * (kind === 'full' ? 0.45 : 0.3),
        handX: x + size * (kind === 'full' ? 0.26 : 0.42),
        held: Math.round(size * (kind === 'full' ? 0.2 : 0.3)),
      });
      return;
    }
    const size =
      it.cat === 'animal' ? 78 : it.name === 'umbrella-on-ground' ? 140 : it.cat === 'ground' ? 86 : 56;
    layers.front.push(shadow(x, bottom - 6, size) + placeIcon(it.name, x, bottom - 4, size));
    pos.set(it, { x, bottom, size });
  });

  // held things next to the hand of the person listed before them
  items.forEach((it, idx) => {
    if (it.cat !== 'held') return;
    let owner = null;
    for (let j = idx - 1; j >= 0 && !owner; j--) if (items[j].cat === 'person') owner = items[j];
    if (!owner) owner = items.find((x) => x.cat === 'person');
    const p = owner && pos.get(owner);
    if (!p) {
      layers.front.push(placeIcon(it.name, 560, bg.floor, 56));
      return;
    }
    layers.front.push(placeIcon(it.name, p.handX, p.hand + p.held / 2, p.held));
  });

  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title).replace(/"/g, '&quot;')}">`,
    `<title>${esc(title)}</title>`,
    bg.svg,
    ...layers.back,
    ...layers.top,
    ...layers.mid,
    ...layers.front,
    '</svg>',
    '',
  ].join('\n');
}

fs.mkdirSync(outDir, { recursive: true });
let count = 0;
for (const file of fs
  .readdirSync(dataDir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const test = JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8'));
  for (const part of test.parts || [])
    for (const q of part.questions || []) {
      if (!q.scene) continue;
      const svg = compose(q.scene, (q.image_texts || []).join(''));
      fs.writeFileSync(path.join(outDir, `${q.scene.id}.svg`), svg);
      count++;
      console.log(`wrote images/${q.scene.id}.svg (${q.scene.background}: ${q.scene.icons.join(', ')})`);
    }
}
console.log(`${count} scene(s) written to ${outDir}`);

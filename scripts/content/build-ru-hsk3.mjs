#!/usr/bin/env node
// Loads Russian glosses drafted for HSK 3.0 words into apps/server/src/db/seed/data/vocab/hsk3/ru-hsk3.json.
//
//   node scripts/content/build-ru-hsk3.mjs FILE.tsv [FILE.tsv …]
//
// Each TSV has a header and the columns simplified, pinyin (as the 2025 list writes it), level (1-6 or
// 7-9), ru. A row is matched to the entry of the same word at that level (by its pinyin when the level
// lists the word twice) and keyed "word|pinyin_num", the key the seed reads. Existing glosses are kept
// unless a file gives the same key again. Rows that match no entry are reported and left out.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIR = path.join(ROOT, 'apps/server/src/db/seed/data/vocab/hsk3');
const OUT = path.join(DIR, 'ru-hsk3.json');
const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: node scripts/content/build-ru-hsk3.mjs FILE.tsv [FILE.tsv …]');
  process.exit(1);
}

const flat = (p) =>
  p
    .normalize('NFD')
    // Tone marks and the diaeresis go alike on both sides: lü and lu never share a word here.
    .replace(/[\u0300-\u030C]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
const toned = (p) =>
  p
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');
const entries = new Map();
const add = (k, e) => {
  if (!entries.has(k)) entries.set(k, []);
  entries.get(k).push(e);
};
for (const name of fs.readdirSync(DIR).filter((n) => /^level-.*\.json$/.test(n))) {
  for (const e of JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8'))) {
    add(`${e.simplified}@${e.level}`, e);
    // 没 of 没（有）: a gloss drafted for the short form serves the headword.
    for (const f of e.forms ?? []) add(`${f}@${e.level}`, e);
  }
}

const out = fs.existsSync(OUT) ? JSON.parse(fs.readFileSync(OUT, 'utf8')) : {};
let loaded = 0;
const missed = [];
for (const file of files) {
  const [head, ...rows] = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const cols = head.split('\t');
  for (const line of rows) {
    const r = Object.fromEntries(line.split('\t').map((v, i) => [cols[i], v.trim()]));
    const level = r.level === '7-9' ? 7 : Number(r.level);
    const cands = entries.get(`${r.simplified}@${level}`) ?? [];
    // Two readings of one word at one level (处 chǔ / chù) are told apart by their tones first.
    const e =
      cands.length > 1
        ? (cands.find((c) => toned(c.pinyin) === toned(r.pinyin)) ??
          cands.find((c) => flat(c.pinyin) === flat(r.pinyin)) ??
          cands[0])
        : cands[0];
    if (!e || !r.ru) {
      missed.push(`${r.simplified} ${r.pinyin} ${r.level}`);
      continue;
    }
    out[`${e.simplified}|${e.pinyin_num}`] = r.ru;
    loaded++;
  }
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
fs.writeFileSync(OUT, `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`${loaded} glosses loaded, ${Object.keys(sorted).length} in ${path.relative(ROOT, OUT)}`);
if (missed.length) console.log(`not matched (${missed.length}): ${missed.join('; ')}`);

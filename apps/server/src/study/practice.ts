import { randomInt } from 'node:crypto';
import { PRACTICE_OPTIONS, PRACTICE_QUESTION_TTL_S, hasHan } from '@kouyu/core';
import type { Idiom, Language, PracticeMode, PracticeQuestion } from '@kouyu/core';
import type { Kv } from '../plugins/kv.js';
import { errors } from '../lib/errors.js';
import { meaningOf } from './idioms.js';
import type { IdiomContent, IdiomEntry, IdiomIndex } from './idioms.js';
import { newNonce, openPractice, sealPractice } from './practice-token.js';

const BLANK = '＿';
const DISTRACTORS = PRACTICE_OPTIONS - 1;

/** Fisher–Yates with a cryptographic source, so the right option's place cannot be predicted. */
function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const a = out[i];
    const b = out[j];
    if (a !== undefined && b !== undefined) {
      out[i] = b;
      out[j] = a;
    }
  }
  return out;
}

function pickTarget(c: IdiomContent, category: string | undefined, exclude: number | undefined) {
  const pool = category ? c.curated.filter((e) => e.category?.id === category) : c.curated;
  // A category of one idiom still gives a question.
  const choices = pool.length > 1 ? pool.filter((e) => e.row.id !== exclude) : pool;
  return choices.length > 0 ? choices[randomInt(choices.length)] : undefined;
}

/** Other curated idioms, those of the same category first: near meanings make a fair question. */
function othersThan(c: IdiomContent, target: IdiomEntry): IdiomEntry[] {
  const others = c.curated.filter((e) => e.row.id !== target.row.id);
  const same = others.filter((e) => e.category?.id === target.category?.id);
  const rest = others.filter((e) => e.category?.id !== target.category?.id);
  return [...shuffle(same), ...shuffle(rest)];
}

function meaningOptions(c: IdiomContent, target: IdiomEntry, language: Language) {
  const texts = new Map([[target.row.id, meaningOf(target.row, language)]]);
  const seen = new Set(texts.values());
  for (const other of othersThan(c, target)) {
    if (texts.size === PRACTICE_OPTIONS) break;
    const text = meaningOf(other.row, language);
    if (seen.has(text)) continue;
    seen.add(text);
    texts.set(other.row.id, text);
  }
  const options = shuffle([...texts.keys()]);
  return {
    options,
    texts: options.map((id) => texts.get(id) ?? ''),
    correct: options.indexOf(target.row.id),
    prompt: target.row.chengyu,
    pinyin: target.row.pinyin,
    hint: null,
  };
}

function missingCharOptions(c: IdiomContent, target: IdiomEntry, language: Language) {
  const chars = [...target.row.chengyu];
  const positions = chars.flatMap((ch, i) => (hasHan(ch) ? [i] : []));
  const pos = positions[randomInt(positions.length)] ?? 0;
  const right = chars[pos] ?? '';
  const others = othersThan(c, target).slice(0, 40);
  const variant = (ch: string) => chars.map((x, i) => (i === pos ? ch : x)).join('');
  // Characters that stand in the same place of other idioms first, then any of their characters;
  // a character that makes another real idiom would also be right, so it is left out.
  const pool = [
    ...others.map((o) => [...o.row.chengyu][pos] ?? ''),
    ...others.flatMap((o) => [...o.row.chengyu]),
  ];
  const wrong = [...new Set(pool)]
    .filter((ch) => hasHan(ch) && ch !== right && !c.texts.has(variant(ch)))
    .slice(0, DISTRACTORS);
  const options = shuffle([right, ...wrong]);
  const syllables = target.row.pinyin.split(/\s+/);
  return {
    options,
    texts: options,
    correct: options.indexOf(right),
    prompt: variant(BLANK),
    // The syllable of the missing character would give it away.
    pinyin:
      syllables.length === chars.length
        ? syllables.map((s, i) => (i === pos ? BLANK : s)).join(' ')
        : target.row.pinyin,
    hint: meaningOf(target.row, language),
  };
}

/** A practice question on a random curated idiom (of a category); null when there is none. */
export async function makeQuestion(
  index: IdiomIndex,
  secret: string,
  q: { mode: PracticeMode; category?: string | undefined; language: Language; exclude?: number | undefined },
): Promise<PracticeQuestion | null> {
  const c = await index.content();
  const target = pickTarget(c, q.category, q.exclude);
  if (!target) return null;
  const built =
    q.mode === 'meaning' ? meaningOptions(c, target, q.language) : missingCharOptions(c, target, q.language);
  if (built.options.length !== PRACTICE_OPTIONS) return null;
  const token = sealPractice(secret, {
    n: newNonce(),
    i: target.row.id,
    m: q.mode,
    l: q.language,
    o: built.options,
    c: built.correct,
    x: Date.now() + PRACTICE_QUESTION_TTL_S * 1000,
  });
  return {
    question_token: token,
    mode: q.mode,
    prompt: built.prompt,
    pinyin: built.pinyin,
    hint: built.hint,
    options: built.texts,
  };
}

export interface Verdict {
  idiomId: number;
  mode: PracticeMode;
  correct: boolean;
  correctChoice: number;
  answer: string;
  correctAnswer: string;
  idiom: Idiom;
}

/**
 * Judges an answer on the server: the token says which option was right. Each question counts once,
 * across instances (the nonce is kept in the shared Kv store until the question expires).
 */
export async function judgeAnswer(
  deps: { index: IdiomIndex; kv: Kv; secret: string },
  body: { question_token: string; choice: number },
  userId: number | null,
): Promise<Verdict> {
  const p = openPractice(deps.secret, body.question_token);
  if (!p || p.c < 0 || p.c >= p.o.length || body.choice >= p.o.length)
    throw errors.badRequest('validation_failed', {
      fields: [{ field: 'question_token', code: 'invalid', message: 'This question token is not valid' }],
    });
  const left = p.x - Date.now();
  if (left <= 0) throw errors.badRequest('practice_expired');
  if ((await deps.kv.incr(`idiom-practice:${p.n}`, left)) > 1) throw errors.conflict('practice_answered');
  const idiom = await deps.index.find(p.i, p.l, userId);
  if (!idiom) throw errors.notFound();
  const c = await deps.index.content();
  const textOf = (option: number | string | undefined): string => {
    if (typeof option === 'string') return option;
    const entry = option === undefined ? undefined : c.byId.get(option);
    return entry ? meaningOf(entry.row, p.l) : '';
  };
  return {
    idiomId: p.i,
    mode: p.m,
    correct: body.choice === p.c,
    correctChoice: p.c,
    answer: textOf(p.o[body.choice]),
    correctAnswer: textOf(p.o[p.c]),
    idiom,
  };
}

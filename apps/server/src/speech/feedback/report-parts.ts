/** Pieces every examiner report is made of: marked characters with pinyin, alignment runs, short lists. */
import { pinyin } from 'pinyin-pro';
import type { AlignmentOp } from '@kouyu/core';
import type { Mark, MarkedChar } from './html.js';
import type { Wording } from './wording.js';

const HAN = /\p{Script=Han}/u;
const NOT_SPOKEN = /[\p{P}\p{S}\p{Z}\s]/u;
// Lists in feedback stay short enough to act on.
const MAX_LISTED = 4;

/** A text's characters with tone-marked pinyin for the Chinese ones and the given marks for the spoken ones. */
export function markChars(text: string, marks: readonly Mark[]): MarkedChar[] {
  // Shown as written: full-width punctuation stays; spoken characters keep their order either way.
  const chars = [...text.trim()];
  const readings = pinyin(chars.join(''), { type: 'array' });
  const aligned = readings.length === chars.length;
  let k = 0;
  return chars.map((char, i) => {
    const spoken = !NOT_SPOKEN.test(char);
    const mark: Mark = spoken ? (marks[k++] ?? 'ok') : 'none';
    const reading = HAN.test(char) ? (aligned ? (readings[i] ?? '') : pinyin(char)) : '';
    return { char, pinyin: reading, mark };
  });
}

/** Marks per reference character from an alignment (inserted characters have no place in it). */
export function referenceMarks(ops: readonly AlignmentOp[]): Mark[] {
  const marks: Mark[] = [];
  for (const step of ops) {
    if (step.op === 'match') marks.push('ok');
    else if (step.op === 'homophone') marks.push('homophone');
    else if (step.op === 'substitute') marks.push('wrong');
    else if (step.op === 'delete') marks.push('missing');
  }
  return marks;
}

export interface Runs {
  missing: string[];
  wrong: { ref: string; hyp: string }[];
  homophone: { ref: string; hyp: string }[];
  extra: string[];
}

/** Groups consecutive alignment steps of one kind into runs ("北京" rather than "北", "京"). */
export function runsOf(ops: readonly AlignmentOp[]): Runs {
  const runs: Runs = { missing: [], wrong: [], homophone: [], extra: [] };
  let prev: AlignmentOp['op'] | null = null;
  for (const step of ops) {
    const joins = prev === step.op;
    if (step.op === 'delete') {
      if (joins && runs.missing.length) runs.missing[runs.missing.length - 1] += step.ref;
      else runs.missing.push(step.ref);
    } else if (step.op === 'insert') {
      if (joins && runs.extra.length) runs.extra[runs.extra.length - 1] += step.hyp;
      else runs.extra.push(step.hyp);
    } else if (step.op === 'substitute' || step.op === 'homophone') {
      const list = step.op === 'substitute' ? runs.wrong : runs.homophone;
      const last = list[list.length - 1];
      if (joins && last) {
        last.ref += step.ref;
        last.hyp += step.hyp;
      } else list.push({ ref: step.ref, hyp: step.hyp });
    }
    prev = step.op;
  }
  return runs;
}

/** Tone-marked pinyin of one character ('' for anything not Chinese). */
export function pinyinOfChar(char: string): string {
  return HAN.test(char) ? pinyin(char) : '';
}

export function withPinyin(text: string): string {
  return HAN.test(text) ? `${text} (${pinyin(text)})` : text;
}

export function list(items: readonly string[], w: Wording): string {
  return items.slice(0, MAX_LISTED).join(w.listSeparator);
}

export function firstClause(text: string): string {
  const clause = text.trim().split(/[，。！？,.!?；;]/)[0] ?? '';
  return `${clause}……`;
}

/**
 * How an off-topic answer is shown a way in: the model answer's opening, else a bare 我…… to fill with
 * one's own information. Never the question's own words: said back, they are an echo, not an answer.
 */
export function modelOpening(input: { model_answers?: string[] | undefined }): string {
  const model = input.model_answers?.find((m) => m.trim());
  return model ? firstClause(model) : '我……';
}

import { pinyin } from 'pinyin-pro';
import type { AlignmentOp, ScoreBand } from '@kouyu/core';
import type { FeedbackReport, Mark, MarkedChar } from './html.js';
import type { AnswerInput, FeedbackMeasures } from './types.js';
import type { Wording } from './wording.js';

const HAN = /\p{Script=Han}/u;
const NOT_SPOKEN = /[\p{P}\p{S}\p{Z}\s]/u;
// Lists in feedback stay short enough to act on.
const MAX_LISTED = 4;
const PRACTICE_CHUNK_MAX = 10;
const SUGGESTED_WORDS = 3;
const OFF_TOPIC_BELOW = 0.3;
const LENGTH_GOOD_FROM = 0.8;
const VOCAB_GOOD_FROM = 0.6;
const RATE_GOOD_FROM = 0.8;

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

interface Runs {
  missing: string[];
  wrong: { ref: string; hyp: string }[];
  homophone: { ref: string; hyp: string }[];
  extra: string[];
}

/** Groups consecutive alignment steps of one kind into runs ("北京" rather than "北", "京"). */
function runsOf(ops: readonly AlignmentOp[]): Runs {
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

function withPinyin(text: string): string {
  return HAN.test(text) ? `${text} (${pinyin(text)})` : text;
}

function list(items: readonly string[], w: Wording): string {
  return items.slice(0, MAX_LISTED).join(w.listSeparator);
}

function firstClause(text: string): string {
  const clause = text.trim().split(/[，。！？,.!?；;]/)[0] ?? '';
  return `${clause}……`;
}

interface ReportArgs {
  input: AnswerInput;
  measures: FeedbackMeasures;
  score: number;
  band: ScoreBand;
  w: Wording;
  ops: AlignmentOp[] | null;
  suggestions: string[];
}

/** Builds the examiner's feedback for an answer scored against a reference text. */
export function referenceReport({ input, measures, score, band, w, ops }: ReportArgs): FeedbackReport {
  const ref = measures.reference;
  const runs = runsOf(ops ?? []);
  const right: string[] = [];
  const missed: string[] = [];
  if (ref && ref.correct > 0) right.push(w.reproduced(ref.correct, ref.chars));
  if (runs.homophone.length)
    right.push(
      w.homophones(
        list(
          runs.homophone.map((p) => `${p.ref}→${p.hyp}`),
          w,
        ),
      ),
    );
  if (
    measures.speech_rate.score !== null &&
    measures.speech_rate.score >= RATE_GOOD_FROM &&
    measures.speech_rate.chars_per_minute !== null
  ) {
    right.push(w.rateGood(measures.speech_rate.chars_per_minute));
  }
  const retell = input.question_type === 'retell';
  const relevance = measures.relevance;
  if (retell && relevance?.key_points_hit.length)
    right.push(w.keyPointsHit(list(relevance.key_points_hit, w)));
  if (retell && relevance?.key_points_missed.length)
    missed.push(w.keyPointsMissed(list(relevance.key_points_missed, w)));
  // A retelling paraphrases: its gaps are listed by key point, not character by character.
  if (!retell) {
    if (runs.missing.length) missed.push(w.missing(list(runs.missing.map(withPinyin), w)));
    if (runs.wrong.length)
      missed.push(
        w.wrong(
          list(
            runs.wrong.map((p) => `${p.ref}→${p.hyp}`),
            w,
          ),
        ),
      );
    if (runs.extra.length) missed.push(w.extra(list(runs.extra, w)));
  }
  const rate = measures.speech_rate;
  if (rate.score !== null && rate.score < RATE_GOOD_FROM && rate.chars_per_minute !== null)
    missed.push(w.rateSlow(rate.chars_per_minute, rate.target));

  const longestMissing = [...runs.missing].sort((a, b) => b.length - a.length)[0];
  let next: string;
  if (retell && relevance?.key_points_missed.length)
    next = w.next.retellPoints(list(relevance.key_points_missed, w));
  else if (longestMissing)
    next = w.next.referenceMissing([...longestMissing].slice(0, PRACTICE_CHUNK_MAX).join(''));
  else if (runs.wrong.length)
    next = w.next.referenceSounds(
      list(
        runs.wrong.map((p) => withPinyin(p.ref)),
        w,
      ),
    );
  else next = w.next.referencePerfect;

  const marks = ops ? referenceMarks(ops) : [];
  const flagged = marks.some((m) => m !== 'ok');
  return {
    summary: w.scoreLine(score, w.bands.reference[band]),
    right: { heading: w.headings.right, items: right },
    missed: { heading: w.headings.missed, items: missed },
    correction: {
      heading: w.headings.reference,
      chars: markChars(input.reference_text ?? '', marks),
      legend: flagged ? w.legend : null,
    },
    next: { heading: w.headings.next, text: next },
  };
}

/** Builds the examiner's feedback for an open answer (question, picture, free text). */
export function openReport({ input, measures, score, band, w, suggestions }: ReportArgs): FeedbackReport {
  const right: string[] = [];
  const missed: string[] = [];
  const rel = measures.relevance;
  const offTopic = rel?.score !== null && rel?.score !== undefined && rel.score < OFF_TOPIC_BELOW;
  if (offTopic) missed.push(w.offTopic);
  if (rel?.key_points_hit.length) right.push(w.keyPointsHit(list(rel.key_points_hit, w)));
  if (rel?.key_points_missed.length) missed.push(w.keyPointsMissed(list(rel.key_points_missed, w)));
  const len = measures.length;
  const short = len.ratio < LENGTH_GOOD_FROM;
  (short ? missed : right).push(short ? w.lengthShort(len.chars, len.expected) : w.lengthGood(len.chars));
  const vocab = measures.vocabulary;
  const levels =
    vocab.target_levels[0] === vocab.target_levels[1]
      ? `${vocab.target_levels[0]}`
      : vocab.target_levels.join('-');
  const vocabLow = vocab.score !== null && vocab.score < VOCAB_GOOD_FROM;
  if (vocab.score !== null && !vocabLow && vocab.at_target > 0)
    right.push(w.vocabGood(vocab.at_target, levels));
  if (vocabLow) missed.push(w.vocabLow(levels));
  const rate = measures.speech_rate;
  const slow = rate.score !== null && rate.score < RATE_GOOD_FROM;
  if (rate.chars_per_minute !== null)
    (slow ? missed : right).push(
      slow ? w.rateSlow(rate.chars_per_minute, rate.target) : w.rateGood(rate.chars_per_minute),
    );

  const model = input.model_answers?.find((m) => m.trim());
  let next: string;
  if (offTopic)
    next = w.next.openOffTopic(firstClause(model ?? input.key_points?.[0] ?? input.question_text ?? ''));
  else if (rel?.key_points_missed.length) next = w.next.openPoints(list(rel.key_points_missed, w));
  else if (short) next = w.next.openShort(len.expected);
  else if (vocabLow && suggestions.length)
    next = w.next.openWords(list(suggestions.slice(0, SUGGESTED_WORDS), w));
  else if (slow) next = w.next.openSlow;
  else next = w.next.openGood;

  return {
    summary: w.scoreLine(score, (input.question_type === 'free_text' ? w.bands.written : w.bands.open)[band]),
    right: { heading: w.headings.right, items: right },
    missed: { heading: w.headings.missed, items: missed },
    correction: model ? { heading: w.headings.model, chars: markChars(model, []), legend: null } : null,
    next: { heading: w.headings.next, text: next },
  };
}

/** The report for an empty answer: score 0, one message saying so, and the original to practise from if there is one. */
export function emptyReport(input: AnswerInput, w: Wording): FeedbackReport {
  const reference = input.reference_text?.trim();
  const written = input.question_type === 'free_text';
  return {
    summary: written ? w.emptyWritten : w.empty,
    right: { heading: w.headings.right, items: [] },
    missed: { heading: w.headings.missed, items: [] },
    correction: reference
      ? { heading: w.headings.reference, chars: markChars(reference, []), legend: null }
      : null,
    next: { heading: w.headings.next, text: written ? w.emptyWrittenNext : w.emptyNext },
  };
}

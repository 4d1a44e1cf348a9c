import { alignedReview } from '@kouyu/core';
import type { AlignmentOp, ScoreBand } from '@kouyu/core';
import type { FeedbackReport } from './html.js';
import { toneLeftOut, toneTips } from './tone-tips.js';
import {
  firstClause,
  modelOpening,
  list,
  markChars,
  pinyinOfChar,
  referenceMarks,
  runsOf,
  withPinyin,
} from './report-parts.js';
import { DIMENSIONS } from './types.js';
import type { AnswerInput, Dimension, FeedbackMeasures } from './types.js';
import type { Wording } from './wording.js';

const PRACTICE_CHUNK_MAX = 10;
const OFF_TOPIC_BELOW = 0.3;
const LENGTH_GOOD_FROM = 0.8;
const VOCAB_GOOD_FROM = 0.6;
const RATE_GOOD_FROM = 0.8;
const MAX_TONE_TIPS = 3;

interface ReportArgs {
  input: AnswerInput;
  measures: FeedbackMeasures;
  score: number;
  band: ScoreBand;
  w: Wording;
  ops: AlignmentOp[] | null;
  suggestions: string[];
}

/** Each measured dimension with its sub-score out of 100 (the Plus breakdown). */
function dimensions(measures: FeedbackMeasures, w: Wording): FeedbackReport['dimensions'] {
  const isDimension = (name: string): name is Dimension => DIMENSIONS.some((d) => d === name);
  const items = Object.entries(measures.components).flatMap(([name, value]) =>
    isDimension(name) ? [w.subScore(w.dimension[name], Math.round(value * 100))] : [],
  );
  return items.length ? { heading: w.headings.dimensions, items } : null;
}

/** The tones to practise, each named with the tone heard, the shape wanted and how sure the judge is (tone tips). */
function toneTip(input: AnswerInput, measures: FeedbackMeasures, w: Wording): string | null {
  const tones = measures.fluency.voice?.tones;
  if (!tones || tones.wrong.length === 0) return null;
  const heard = (input.voice?.syllables ?? []).filter((s) => s.expected_tone !== 5);
  const lines = toneTips(heard, w.code, MAX_TONE_TIPS);
  // The tones the judge was not sure of are not counted in the score, and the tip says so.
  const leftOut = toneLeftOut(heard, w.code);
  return lines.length
    ? `${w.dimension.tones}: ${[...lines, ...(leftOut ? [leftOut] : [])].join(' ')}`
    : w.tips.tones(
        list(
          tones.wrong.map((t) => `${t.char} (${t.pinyin})`),
          w,
        ),
      );
}

function pauseTip(measures: FeedbackMeasures, w: Wording): string | null {
  const voice = measures.fluency.voice;
  if (voice && voice.pause_share > 0.3) return w.tips.pauses(Math.round(voice.pause_share * 100));
  if (measures.fluency.hesitation > 0.08) return w.tips.hesitation;
  return null;
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
  const rate = measures.fluency.rate;
  if (rate.score !== null && rate.score >= RATE_GOOD_FROM && rate.chars_per_minute !== null)
    right.push(w.rateGood(rate.chars_per_minute));
  const tones = measures.fluency.voice?.tones;
  if (tones && tones.accuracy >= 0.8) right.push(w.good.tones(Math.round(tones.accuracy * 100)));
  const retell = input.question_type === 'retell';
  const relevance = measures.relevance;
  // A repeated or read text asks for that text: the tip names it, never a reason to give.
  if (measures.language !== 'chinese')
    missed.push(
      measures.language === 'pinyin'
        ? w.tips.pinyin
        : retell
          ? w.tips.notChinese
          : w.tips.notChineseReference,
    );
  if (retell && relevance?.key_points_hit?.length)
    right.push(w.keyPointsHit(list(relevance.key_points_hit, w)));
  if (retell && relevance?.key_points_missed?.length)
    missed.push(w.keyPointsMissed(list(relevance.key_points_missed, w)));
  if (
    retell &&
    measures.coherence &&
    measures.coherence.pattern !== 'sentences' &&
    measures.coherence.pattern !== 'short'
  )
    missed.push(measures.coherence.pattern === 'repeated' ? w.tips.repeated : w.tips.fragments('……'));
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
  if (rate.score !== null && rate.score < RATE_GOOD_FROM && rate.chars_per_minute !== null)
    missed.push(w.rateSlow(rate.chars_per_minute, rate.target));
  const toneLine = toneTip(input, measures, w);
  if (toneLine) missed.push(toneLine);
  const pauseLine = pauseTip(measures, w);
  if (pauseLine) missed.push(pauseLine);

  const longestMissing = [...runs.missing].sort((a, b) => b.length - a.length)[0];
  let next: string;
  if (retell && relevance?.key_points_missed?.length)
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
  const chars = markChars(input.reference_text ?? '', marks);
  return {
    summary: w.scoreLine(score, w.bands.reference[band]),
    verdict: w.bands.reference[band],
    dimensions: dimensions(measures, w),
    right: { heading: w.headings.right, items: right },
    missed: { heading: w.headings.missed, items: missed },
    correction: {
      heading: w.headings.reference,
      chars,
      legend: flagged ? w.legend : null,
      ...(ops ? { aligned: alignedReview(chars, ops, pinyinOfChar) } : {}),
    },
    next: { heading: w.headings.next, text: next },
  };
}

/** The tip for one dimension that cost points, or null when there is nothing concrete to say. */
function openTip(dim: Dimension, args: ReportArgs): string | null {
  const { input, measures, w, suggestions } = args;
  const rel = measures.relevance;
  const coh = measures.coherence;
  const example = measures.improved?.text.split(/[。！？]/u)[0];
  switch (dim) {
    case 'language':
      return measures.language === 'pinyin' ? w.tips.pinyin : w.tips.notChinese;
    case 'relevance': {
      // What the learner did is never what they are told to do: an echo is told to answer.
      const asked = rel?.form?.asks[0];
      if (rel?.lines_read) return w.tips.linesRead;
      if (rel?.echo) return w.tips.echo(asked ? w.asked[asked] : w.asked.object);
      if (rel?.form?.about_answer === 'other' && rel.form.about?.who === 'other')
        return w.tips.otherPerson(rel.form.about.words.join(''));
      if (rel?.form && !rel.form.answered && asked) return w.tips.formMissing(w.asked[asked]);
      if (rel?.key_points_missed?.length) return w.keyPointsMissed(list(rel.key_points_missed, w));
      if (rel?.score !== null && rel?.score !== undefined && rel.score < OFF_TOPIC_BELOW)
        return w.tips.offTopic(modelOpening(input));
      if (rel?.stance_asked && !rel.stance_taken) return w.tips.stance;
      return input.key_points?.length ? w.tips.relevancePartial(list(input.key_points.slice(0, 3), w)) : null;
    }
    case 'coherence':
      if (!coh) return null;
      if (coh.grammar_errors?.[0] && coh.pattern === 'sentences')
        return w.tips.grammar(coh.grammar_errors[0].rule, coh.grammar_errors[0].said);
      if (coh.pattern === 'repeated') return w.tips.repeated;
      if (coh.pattern === 'keywords') return w.tips.keywords(example ? `${example}……` : '我觉得……，因为……');
      if (coh.pattern === 'fragments' || coh.pattern === 'short')
        return w.tips.fragments(example ? `${example}……` : '我觉得……，因为……');
      return w.tips.links;
    case 'length':
      return w.tips.short(measures.length.chars, measures.length.expected);
    case 'vocabulary': {
      const t = measures.vocabulary.target_levels;
      const levels = t[0] === t[1] ? `${t[0]}` : t.join('-');
      return suggestions.length
        ? `${w.vocabLow(levels)} ${w.next.openWords(list(suggestions, w))}`
        : w.vocabLow(levels);
    }
    case 'fluency': {
      const rate = measures.fluency.rate;
      return (
        pauseTip(measures, w) ??
        (rate.chars_per_minute !== null && (rate.score ?? 1) < RATE_GOOD_FROM
          ? w.rateSlow(rate.chars_per_minute, rate.target)
          : null)
      );
    }
    case 'tones':
      return toneTip(input, measures, w);
    default:
      return null;
  }
}

/** Builds the examiner's feedback for an open answer (question, picture, free text): tips by the points each dimension cost. */
export function openReport(args: ReportArgs): FeedbackReport {
  const { input, measures, score, band, w } = args;
  const right: string[] = [];
  const rel = measures.relevance;
  const coh = measures.coherence;
  // The question said back earns no praise for its sentences or length: they are the question's.
  if (measures.language === 'chinese' && !rel?.echo) {
    if (rel?.score !== null && rel?.score !== undefined && rel.score >= 0.8) right.push(w.good.relevant);
    if (rel?.stance_taken) right.push(w.good.stance);
    if (coh?.pattern === 'sentences' && coh.score >= 0.7)
      right.push(w.good.sentences(list(coh.connectives, w)));
    if (measures.length.ratio >= LENGTH_GOOD_FROM) right.push(w.lengthGood(measures.length.chars));
    const vocab = measures.vocabulary;
    const t = vocab.target_levels;
    if (vocab.score !== null && vocab.score >= VOCAB_GOOD_FROM && vocab.at_target > 0)
      right.push(w.vocabGood(vocab.at_target, t[0] === t[1] ? `${t[0]}` : t.join('-')));
    const rate = measures.fluency.rate;
    if (rate.chars_per_minute !== null && (rate.score ?? 0) >= RATE_GOOD_FROM)
      right.push(w.rateGood(rate.chars_per_minute));
  }
  const missed = measures.weakest.flatMap((d) => {
    const tip = openTip(d, args);
    return tip ? [tip] : [];
  });
  const model = input.model_answers?.find((m) => m.trim());
  const improved = measures.improved;
  let next: string;
  const offTopic = rel?.score !== null && rel?.score !== undefined && rel.score < OFF_TOPIC_BELOW;
  // Said back, about someone else, not giving what is asked, or not in Chinese: answer the question.
  const missedForm = rel?.form !== undefined && (!rel.form.answered || rel.form.about_answer === 'other');
  if (rel?.echo || missedForm || measures.language !== 'chinese')
    next = w.next.echo(model ? firstClause(model) : '我……');
  else if (offTopic && !rel?.echo) next = w.next.openOffTopic(modelOpening(input));
  else if (measures.length.ratio < LENGTH_GOOD_FROM) next = w.next.openShort(measures.length.expected);
  else next = w.next.openGood;
  const verdict = (input.question_type === 'free_text' ? w.bands.written : w.bands.open)[band];
  return {
    summary: w.scoreLine(score, verdict),
    verdict,
    dimensions: dimensions(measures, w),
    right: { heading: w.headings.right, items: right },
    missed: { heading: w.headings.missed, items: missed },
    correction: model ? { heading: w.headings.model, chars: markChars(model, []), legend: null } : null,
    improved: improved
      ? { heading: w.headings.improved, text: improved.text, pinyin: improved.pinyin }
      : null,
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

/** A recording without a transcript: what the audio alone shows (pace, pauses, tones against a known text). */
export function voiceOnlyReport(input: AnswerInput, measures: FeedbackMeasures, w: Wording): FeedbackReport {
  const voice = measures.fluency.voice;
  const right: string[] = [];
  const missed: string[] = [];
  if (voice) {
    right.push(w.voicePace(voice.syllables_per_minute, Math.round(voice.pause_share * 100)));
    if (voice.tones && voice.tones.accuracy >= 0.8)
      right.push(w.good.tones(Math.round(voice.tones.accuracy * 100)));
  }
  const pause = pauseTip(measures, w);
  if (pause) missed.push(pause);
  const tone = toneTip(input, measures, w);
  if (tone) missed.push(tone);
  const reference = input.reference_text?.trim();
  return {
    summary: w.voiceOnly,
    dimensions: dimensions(measures, w),
    right: { heading: w.headings.right, items: right },
    missed: { heading: w.headings.missed, items: missed },
    correction: reference
      ? { heading: w.headings.reference, chars: markChars(reference, []), legend: null }
      : null,
    next: { heading: w.headings.next, text: w.voiceOnlyNext },
  };
}

import { clampScore, scoreBand, spokenChars } from '@kouyu/core';
import type { AlignmentOp } from '@kouyu/core';
import { emptyReport, openReport, referenceReport } from './examiner-report.js';
import { reportHtml, reportLines } from './html.js';
import type { FeedbackReport } from './html.js';
import {
  RETELL_SHARE,
  measureLength,
  measureRate,
  measureReference,
  measureRelevance,
  round2,
} from './measure.js';
import { REFERENCE_TYPES } from './types.js';
import type {
  AnswerInput,
  FeedbackEngine,
  FeedbackEvent,
  FeedbackLanguage,
  FeedbackMeasures,
  FeedbackResult,
  VocabLookup,
} from './types.js';
import { loadHskVocabulary, measureVocabulary, suggestWords, toLookup } from './vocabulary.js';
import type { VocabSource } from './vocabulary.js';
import { WORDING } from './wording.js';

/** A right sound written with another character is most often the recogniser's spelling. */
const HOMOPHONE_CREDIT = 0.8;
// Words added to a repeated sentence cost half a missing one each, up to a quarter of the score.
const EXTRA_WEIGHT = 0.5;
const EXTRA_PENALTY_CAP = 0.25;
const READ_ALOUD_RATE_WEIGHT = 0.15;
// Without anything to judge relevance by, an answer is neither rewarded nor sunk by it.
const NEUTRAL_RELEVANCE = 0.7;
const LENGTH_CURVE = 0.75;
// A relevant answer keeps this share of its score however short or plain; the rest is earned by
// length, vocabulary and pace (HSKK: "relevant, fluent, few pauses").
const OPEN_QUALITY_FLOOR = 0.45;
const RETELL_QUALITY_FLOOR = 0.7;
const QUALITY_WEIGHTS = { length: 0.45, vocabulary: 0.3, rate: 0.25 } as const;

export interface ExaminerOptions {
  /** Word → HSK level; by default the project's HSK lists, loaded on first use. */
  vocabulary?: VocabLookup;
}

/** The examiner's complete verdict: the result event plus the text lines it streams. */
export interface Examination {
  result: FeedbackResult;
  lines: string[];
}

/** Weighted mean of the components that could be measured (null ones are left out). */
function weighted(parts: [number, number | null][]): number | null {
  let sum = 0;
  let weight = 0;
  for (const [w, v] of parts) {
    if (v === null) continue;
    sum += w * v;
    weight += w;
  }
  return weight > 0 ? sum / weight : null;
}

function emptyMeasures(input: AnswerInput, reference: readonly string[]): FeedbackMeasures {
  return {
    engine: 'examiner',
    question_type: input.question_type,
    empty: true,
    reference: null,
    relevance: null,
    length: measureLength(input, [], reference),
    vocabulary: measureVocabulary({ ...input, answer_text: '' }, null, 'empty answer'),
    speech_rate: measureRate(input, []),
    components: {},
  };
}

/** The embedded examiner: deterministic, explainable scores against the HSKK bands, no configuration. */
export class ExaminerEngine implements FeedbackEngine {
  readonly name = 'examiner';
  readonly #given: VocabLookup | undefined;
  #vocab: Promise<VocabSource> | null = null;

  constructor(options: ExaminerOptions = {}) {
    this.#given = options.vocabulary;
  }

  // Loaded on the first review, not at boot.
  #vocabulary(): Promise<VocabSource> {
    this.#vocab ??= this.#given ? Promise.resolve({ lookup: toLookup(this.#given) }) : loadHskVocabulary();
    return this.#vocab;
  }

  ready(): Promise<boolean> {
    return Promise.resolve(true);
  }

  /** Scores one answer and builds its feedback in the learner's language. */
  async examine(input: AnswerInput, lang: FeedbackLanguage): Promise<Examination> {
    const w = WORDING[lang];
    const answer = spokenChars(input.answer_text);
    const reference = spokenChars(input.reference_text ?? '');
    if (answer.length === 0) {
      const report = emptyReport(input, w);
      return this.#finish(report, 0, emptyMeasures(input, reference));
    }
    const vocab = await this.#vocabulary();
    const measures: FeedbackMeasures = {
      engine: this.name,
      question_type: input.question_type,
      empty: false,
      reference: null,
      relevance: null,
      length: measureLength(input, answer, reference),
      vocabulary: measureVocabulary(input, vocab.lookup, vocab.note),
      speech_rate: measureRate(input, answer),
      components: {},
    };
    const lengthScore = Math.min(1, measures.length.ratio) ** LENGTH_CURVE;
    const quality =
      weighted([
        [QUALITY_WEIGHTS.length, lengthScore],
        [QUALITY_WEIGHTS.vocabulary, measures.vocabulary.score],
        [QUALITY_WEIGHTS.rate, measures.speech_rate.score],
      ]) ?? lengthScore;
    const byReference = REFERENCE_TYPES.includes(input.question_type) && reference.length > 0;
    let ops: AlignmentOp[] | null = null;
    let raw: number;
    if (byReference) {
      const aligned = measureReference(reference, answer);
      ops = aligned.ops;
      const ref = aligned.measure;
      measures.reference = ref;
      const accuracy = (ref.correct + HOMOPHONE_CREDIT * ref.homophones) / ref.chars;
      if (input.question_type === 'retell') {
        const hasPoints = (input.key_points?.length ?? 0) + (input.model_answers?.length ?? 0) > 0;
        measures.relevance = hasPoints
          ? measureRelevance({ ...input, question_text: undefined }, answer)
          : null;
        const recall = Math.min(1, accuracy / RETELL_SHARE);
        const task =
          weighted([
            [0.6, recall],
            [0.4, measures.relevance?.score ?? null],
          ]) ?? recall;
        measures.components = { task: round2(task), quality: round2(quality) };
        raw = task * (RETELL_QUALITY_FLOOR + (1 - RETELL_QUALITY_FLOOR) * quality);
      } else {
        const penalty = Math.min(EXTRA_PENALTY_CAP, (EXTRA_WEIGHT * ref.extra) / ref.chars);
        const task = Math.max(0, accuracy - penalty);
        const rate = input.question_type === 'read_aloud' ? measures.speech_rate.score : null;
        measures.components = { task: round2(task), ...(rate !== null ? { rate } : {}) };
        raw = rate === null ? task : (1 - READ_ALOUD_RATE_WEIGHT) * task + READ_ALOUD_RATE_WEIGHT * rate;
      }
    } else {
      measures.relevance = measureRelevance(input, answer);
      const relevance = measures.relevance.score ?? NEUTRAL_RELEVANCE;
      measures.components = {
        relevance: round2(relevance),
        length: round2(lengthScore),
        quality: round2(quality),
      };
      raw = relevance * (OPEN_QUALITY_FLOOR + (1 - OPEN_QUALITY_FLOOR) * quality);
    }
    const score = clampScore(raw * 100);
    const band = scoreBand(score);
    const args = { input, measures, score, band, w, ops, suggestions: suggestWords(input, vocab.lookup, 3) };
    const report = byReference ? referenceReport(args) : openReport(args);
    return this.#finish(report, score, measures);
  }

  async *review(input: AnswerInput, lang: FeedbackLanguage): AsyncIterable<FeedbackEvent> {
    const { result, lines } = await this.examine(input, lang);
    for (const line of lines) yield { type: 'chunk', text: `${line}\n` };
    yield result;
  }

  #finish(report: FeedbackReport, score: number, measures: FeedbackMeasures): Examination {
    const lines = reportLines(report);
    return {
      lines,
      result: {
        type: 'result',
        score,
        band: scoreBand(score),
        feedback_text: lines.map((l) => `${l}\n`).join(''),
        feedback_html: reportHtml(report),
        measures,
      },
    };
  }
}

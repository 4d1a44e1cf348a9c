import { clampScore, scoreBand, spokenChars } from '@kouyu/core';
import type { AlignmentOp } from '@kouyu/core';
import { isLearned, learnedScore, shippedAnswerModels } from './answer-model.js';
import type { AnswerModels } from './answer-model.js';
import { grammarShare, measureCoherence } from './coherence.js';
import { answerLanguage, baseMeasures, weakest, weighted, withoutPlusParts } from './combine.js';
import { emptyReport, openReport, referenceReport, voiceOnlyReport } from './examiner-report.js';
import { effectiveChars, measureFluency, measureLength, measureVoice, RETELL_SHARE } from './fluency.js';
import { gateReport, reportHtml, reportLines } from './html.js';
import { lessonReview } from './lesson-review.js';
import type { FeedbackReport, FeedbackTier } from './html.js';
import { improveAnswer } from './improve.js';
import { measureKeyPoints, measureReference, round2 } from './measure.js';
import { ECHO_CAP, echoesQuestion, measureRelevance } from './relevance.js';
import { isFiller, loadTagger, tagAnswer } from './segment.js';
import type { Token } from './segment.js';
import { REFERENCE_TYPES } from './types.js';
import type {
  AnswerInput,
  Dimension,
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
const REFERENCE_CURVE = 1.25;
const READ_ALOUD_RATE_WEIGHT = 0.15;
// Tones heard in the recording weigh on a repeated or read sentence only when the audio was analysed.
const TONE_WEIGHT = 0.15;
// Without anything to judge relevance by, an answer is neither rewarded nor sunk by it.
const NEUTRAL_RELEVANCE = 0.7;
// Length counts with diminishing returns: two thirds of the time filled well is most of the mark.
const LENGTH_CURVE = 0.6;
const RETELL_QUALITY_FLOOR = 0.6;
// A short retelling that keeps the story's line (a sixth of the passage) is the middle band, not the
// low one: the share of the passage kept counts with diminishing returns, as length does.
const RETELL_RECALL_CURVE = 0.5;
/**
 * A retelling tells the passage's people, not the learner: an answer opening on 我 (我也喜欢……, 我觉得……)
 * beside a passage not told by an 我 is the learner's own story or view.
 */
function ownStory(input: AnswerInput, answer: readonly string[]): boolean {
  if (input.question_type !== 'retell' || answer[0] !== '我') return false;
  const passage = spokenChars(input.reference_text || input.question_text || '');
  return passage.length > 0 && passage[0] !== '我';
}

/** The open rubric: relevance gates, coherence weighs, and the rest (length, words, fluency) fills. */
const COHERENCE_FLOOR = 0.2;
const ANSWERED_COHERENCE_FLOOR = 0.5;
const SEARCHING_COHERENCE_FLOOR = 0.5;
const OWN_STORY_SHARE = 0.6;
const SEARCHING_RELEVANCE = 0.8;
const SEARCHING_HESITATION = 0.2;
const CONTENT_FLOOR = 0.25;
const CONTENT_WEIGHTS = { vocabulary: 0.4, fluency: 0.6 } as const;
const QUALITY_FLOOR = 0.6;
const BAND_CURVE = 0.75;
// A quick reply is short: broken-off words and fillers (嗯 我每天 那个 起床 七 七点) are most of what sets a
// hesitant right answer (the middle band) apart from a fluent one, so fluency weighs on it by itself.
const ANSWER_FLUENCY_FLOOR = 0.7;
/** Coherence of a one-phrase reply that gives what a quick question asks for. */
const ELLIPTICAL_REPLY = 0.8;
const ELLIPTICAL_CLAUSES = 3;
/** An answer not in Chinese (pinyin, English) scores no more than this share. */
const NOT_CHINESE_CAP = 0.05;
// The question said back is the low band whatever else it holds (a word said again after it, its fluency).
const ECHO_SCORE_CAP = 0.3;

const pause = (t: Token | undefined): boolean => !t || (t.tag === 'x' && t.word.trim() === '');
/**
 * The sentences of a hesitant answer as said, without its pauses and hesitations (嗯 / a 那个 between
 * pauses): "我 喜欢 看 那个 嗯 害怕的 电影" is one sentence said slowly, which fluency marks, not a list
 * of fragments. A fluent answer's pauses are kept: there they part its clauses.
 */
function spokenSentences(tokens: readonly Token[]): Token[] {
  const hesitant = (t: Token, i: number): boolean =>
    isFiller(t) || (/^(那个|这个|就是)$/.test(t.word) && pause(tokens[i - 1]) && pause(tokens[i + 1]));
  if (!tokens.some(hesitant)) return [...tokens];
  return tokens.filter((t, i) => !hesitant(t, i) && !pause(t));
}

// A basic part-3 question is shown with its pinyin: 你喜欢你住的城市吗？（Nǐ xǐhuan …?）. The question is
// its characters; the reading beside them is no word of it an answer could take up or say back.
const SHOWN_PINYIN = /[（(][^（）()]*[A-Za-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü][^（）()]*[）)]/g;
function withoutShownPinyin(input: AnswerInput): AnswerInput {
  const q = input.question_text;
  const characters = q?.replace(SHOWN_PINYIN, '');
  return q === undefined || characters === q ? input : { ...input, question_text: characters?.trim() };
}

export interface ExaminerOptions {
  /** Word → HSK level; by default the project's HSK lists, loaded on first use. */
  vocabulary?: VocabLookup;
  /**
   * The learned weighing of a listen-and-answer or open answer's measures (answer-model.ts); `false`
   * scores it by the rules alone, as the models' training does.
   */
  answerModel?: AnswerModels | false;
}

/** The examiner's complete verdict: the result event plus the text lines it streams. */
export interface Examination {
  result: FeedbackResult;
  lines: string[];
  /** The whole report before the Plus split (for the LLM engine to build on). */
  report: FeedbackReport;
}

/** The embedded examiner: deterministic, explainable scores against the HSKK bands, no configuration. */
export class ExaminerEngine implements FeedbackEngine {
  readonly name = 'examiner';
  readonly #given: VocabLookup | undefined;
  readonly #model: AnswerModels | false;
  #vocab: Promise<VocabSource> | null = null;

  constructor(options: ExaminerOptions = {}) {
    this.#given = options.vocabulary;
    this.#model = options.answerModel ?? shippedAnswerModels();
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
  async examine(
    given: AnswerInput,
    lang: FeedbackLanguage,
    tier: FeedbackTier = 'plus',
  ): Promise<Examination> {
    const input = withoutShownPinyin(given);
    const w = WORDING[lang];
    const answer = spokenChars(input.answer_text);
    const reference = spokenChars(input.reference_text ?? '');
    const [vocab, seg] = await Promise.all([this.#vocabulary(), loadTagger()]);
    if (answer.length === 0) {
      const measures = baseMeasures(input, seg.engine);
      // A recording without a transcript still shows its pace, pauses and (with a reference) tones.
      if (input.voice) {
        const voice = measureVoice(input.voice, input.level);
        measures.fluency = { ...measures.fluency, score: voice.score, voice };
        measures.components = {
          fluency: voice.score,
          ...(voice.tones ? { tones: voice.tones.accuracy } : {}),
        };
        const report = voiceOnlyReport(input, measures, w);
        return this.#finish(report, 0, measures, tier, w.locked);
      }
      return this.#finish(emptyReport(input, w), 0, measures, tier, w.locked);
    }
    const tokens = tagAnswer(seg.tagger, input.answer_text);
    const language = answerLanguage(input.answer_text);
    const fluency = measureFluency(input, tokens, answer.length);
    const written = input.question_type === 'free_text';
    const measures: FeedbackMeasures = {
      ...baseMeasures(input, seg.engine),
      empty: false,
      length: measureLength(input, effectiveChars(tokens), reference),
      vocabulary: measureVocabulary(input, vocab.lookup, vocab.note),
      fluency: written ? { ...fluency, score: null } : fluency,
      language,
    };
    const lengthScore = Math.min(1, measures.length.ratio) ** LENGTH_CURVE;
    const byReference = REFERENCE_TYPES.includes(input.question_type) && reference.length > 0;
    let ops: AlignmentOp[] | null = null;
    let raw: number;
    let losses: [Dimension, number][];
    if (byReference) {
      const aligned = measureReference(reference, answer);
      ops = aligned.ops;
      const ref = aligned.measure;
      measures.reference = ref;
      const accuracy = (ref.correct + HOMOPHONE_CREDIT * ref.homophones) / ref.chars;
      const tones = fluency.voice?.tones?.accuracy ?? null;
      if (input.question_type === 'retell') {
        const points = measureKeyPoints(input.key_points ?? [], answer);
        measures.relevance = {
          score: points.score,
          hits: [],
          stance_asked: false,
          stance_taken: false,
          key_points_hit: points.hit,
          key_points_missed: points.missed,
        };
        measures.coherence = measureCoherence(tokens);
        // The instruction said back (when the task has one apart from its passage) is no retelling.
        const instruction = input.question_text ?? '';
        const echoed =
          instruction !== '' && instruction !== input.reference_text && echoesQuestion(instruction, answer);
        if (echoed) measures.relevance = { ...measures.relevance, score: ECHO_CAP, echo: true };
        const recall = Math.min(1, accuracy / RETELL_SHARE) ** RETELL_RECALL_CURVE;
        const retold =
          weighted([
            [0.6, recall],
            [0.4, points.score],
          ]) ?? recall;
        const task = echoed
          ? Math.min(ECHO_CAP, retold)
          : ownStory(input, answer)
            ? retold * OWN_STORY_SHARE
            : retold;
        const quality =
          weighted([
            [0.4, measures.coherence.score],
            [0.3, lengthScore],
            [0.15, measures.vocabulary.score],
            [0.15, fluency.score],
          ]) ?? lengthScore;
        measures.components = {
          task: round2(task),
          coherence: measures.coherence.score,
          quality: round2(quality),
        };
        raw = task * (RETELL_QUALITY_FLOOR + (1 - RETELL_QUALITY_FLOOR) * quality);
        losses = [
          ['task', 1 - task],
          ['coherence', 0.4 * (1 - measures.coherence.score)],
          ['length', 0.3 * (1 - lengthScore)],
          ['fluency', 0.15 * (1 - (fluency.score ?? 1))],
        ];
      } else {
        const penalty = Math.min(EXTRA_PENALTY_CAP, (EXTRA_WEIGHT * ref.extra) / ref.chars);
        // Nine characters in ten said right is a sentence partly repeated (the middle band), not 90 of 100:
        // the share said counts with rising strictness, as an examiner hears a slip in a short sentence.
        const task = Math.max(0, accuracy - penalty) ** REFERENCE_CURVE;
        const rate = input.question_type === 'read_aloud' ? fluency.rate.score : null;
        measures.components = {
          task: round2(task),
          ...(rate !== null ? { fluency: rate } : {}),
          ...(tones !== null ? { tones } : {}),
        };
        raw =
          weighted([
            [1 - READ_ALOUD_RATE_WEIGHT, task],
            [READ_ALOUD_RATE_WEIGHT, rate],
          ]) ?? task;
        if (tones !== null) raw = (1 - TONE_WEIGHT) * raw + TONE_WEIGHT * tones;
        losses = [
          ['task', 1 - task],
          ['fluency', READ_ALOUD_RATE_WEIGHT * (1 - (rate ?? 1))],
          ['tones', TONE_WEIGHT * (1 - (tones ?? 1))],
        ];
      }
    } else {
      measures.relevance = measureRelevance(seg.tagger, input, tokens);
      measures.coherence = measureCoherence(spokenSentences(tokens), input.question_type === 'answer');
      // A quick question answered in one phrase that gives exactly what it asks (七点。/ 和我的朋友。)
      // is how a speaker replies, not a broken sentence.
      // So is a short reply and a detail after it (十二月三号，快到了 / 很近，骑自行车五分钟就到), and a
      // predicate without its subject that gives what is asked (喜欢中国 for 为什么, 看书 for 做什么).
      const form = measures.relevance.form;
      if (
        input.question_type === 'answer' &&
        form &&
        form.answered &&
        measures.coherence.clauses <= ELLIPTICAL_CLAUSES &&
        measures.coherence.repetition === 0 &&
        measures.coherence.score < ELLIPTICAL_REPLY &&
        // (A whole sentence said with a grammar error is no elliptical reply: the error costs in full.)
        !(measures.coherence.pattern === 'sentences' && measures.coherence.grammar_errors?.length)
      )
        measures.coherence = { ...measures.coherence, score: ELLIPTICAL_REPLY, pattern: 'short' };
      // A written drill's key points are what it asks for (the pattern to use), not examples.
      const drill = written && input.key_points?.length ? measureKeyPoints(input.key_points, answer) : null;
      if (drill) {
        measures.relevance.key_points_hit = drill.hit;
        measures.relevance.key_points_missed = drill.missed;
      }
      const relevance =
        Math.min(measures.relevance.score ?? NEUTRAL_RELEVANCE, drill?.score ?? 1) *
        (ownStory(input, answer) ? OWN_STORY_SHARE : 1);
      const coherence = measures.coherence.score;
      // Words and fluency say little about an answer that fills a tenth of its time: length gates them.
      const quality =
        weighted([
          [CONTENT_WEIGHTS.vocabulary, measures.vocabulary.score],
          [CONTENT_WEIGHTS.fluency, measures.fluency.score],
        ]) ?? 1;
      const content = lengthScore * (QUALITY_FLOOR + (1 - QUALITY_FLOOR) * quality);
      measures.components = {
        relevance: round2(relevance),
        coherence: round2(coherence),
        length: round2(lengthScore),
        ...(measures.vocabulary.score !== null ? { vocabulary: measures.vocabulary.score } : {}),
        ...(measures.fluency.score !== null ? { fluency: measures.fluency.score } : {}),
      };
      // A quick reply that gives what is asked, however broken (嗯 上海 上海), is the middle band, not below
      // a fluent reply to another question: its coherence weighs less.
      // Its grammar errors (我下班五点) still cost in full.
      const brokenButAnswered =
        input.question_type === 'answer' && form?.answered === true && (measures.relevance.score ?? 0) >= 0.7;
      const grammar = grammarShare(measures.coherence.grammar_errors?.length ?? 0);
      // On a longer task, on-topic pieces said between hesitations (嗯……手机……看视频……) are a speaker
      // searching for words: the middle band, above fluent talk about something else.
      const searching =
        input.question_type !== 'answer' &&
        (measures.relevance.score ?? 0) >= SEARCHING_RELEVANCE &&
        measures.fluency.hesitation >= SEARCHING_HESITATION;
      const coherenceTerm = brokenButAnswered
        ? (ANSWERED_COHERENCE_FLOOR + (1 - ANSWERED_COHERENCE_FLOOR) * Math.min(1, coherence / grammar)) *
          grammar
        : (searching ? SEARCHING_COHERENCE_FLOOR : COHERENCE_FLOOR) +
          (1 - (searching ? SEARCHING_COHERENCE_FLOOR : COHERENCE_FLOOR)) * coherence;
      // The product of three shares runs low; the curve maps it onto the HSKK bands (mid from 50).
      raw =
        (relevance *
          coherenceTerm *
          (CONTENT_FLOOR + (1 - CONTENT_FLOOR) * content) *
          (input.question_type === 'answer'
            ? ANSWER_FLUENCY_FLOOR + (1 - ANSWER_FLUENCY_FLOOR) * (measures.fluency.score ?? 1)
            : 1)) **
        BAND_CURVE;
      const share = (1 - CONTENT_FLOOR) / 3;
      losses = [
        ['relevance', 1.2 * (1 - relevance)],
        ['coherence', (1 - COHERENCE_FLOOR) * (1 - coherence)],
        ['length', share * 1.5 * (1 - lengthScore)],
        ['vocabulary', share * 0.6 * (1 - (measures.vocabulary.score ?? 1))],
        ['fluency', share * 0.9 * (1 - (measures.fluency.score ?? 1))],
      ];
    }
    if (measures.relevance?.echo) raw = Math.min(raw, ECHO_SCORE_CAP);
    if (language !== 'chinese') {
      raw = Math.min(raw, NOT_CHINESE_CAP);
      losses = [['language', 1]];
      // Nothing of the task was said in Chinese: no dimension of it earned anything (an English
      // sentence is long and fluent, but not as an answer in Chinese).
      measures.components = Object.fromEntries(Object.keys(measures.components).map((k) => [k, 0]));
    }
    measures.weakest = weakest(losses);
    const ruled = clampScore(raw * 100);
    // A quick reply's or an open answer's score is the learned weighing of the rules' measures, which
    // ranks unseen answers far better than the rules' own product (decision 041); the echo and language
    // caps still hold.
    let score = ruled;
    if (isLearned(input.question_type) && this.#model) {
      let learned = learnedScore(input.question_type, measures, ruled, this.#model);
      if (measures.relevance?.echo) learned = Math.min(learned, ECHO_SCORE_CAP * 100);
      if (language !== 'chinese') learned = Math.min(learned, NOT_CHINESE_CAP * 100);
      score = clampScore(learned);
    }
    const band = scoreBand(score);
    if (!byReference && language === 'chinese' && input.question_type !== 'answer')
      measures.improved = improveAnswer(input, tokens, measures);
    const args = { input, measures, score, band, w, ops, suggestions: suggestWords(input, vocab.lookup, 3) };
    const report = byReference ? referenceReport(args) : openReport(args);
    return this.#finish(report, score, measures, tier, w.locked);
  }

  async *review(
    input: AnswerInput,
    lang: FeedbackLanguage,
    tier: FeedbackTier = 'plus',
  ): AsyncIterable<FeedbackEvent> {
    const { result, lines } = await this.examine(input, lang, tier);
    for (const line of lines) yield { type: 'chunk', text: `${line}\n` };
    yield result;
  }

  #finish(
    full: FeedbackReport,
    score: number,
    measures: FeedbackMeasures,
    tier: FeedbackTier,
    locked: string,
  ): Examination {
    // An empty answer's report has nothing Plus in it to hold back.
    const report = measures.empty && !measures.fluency.voice ? full : gateReport(full, tier, locked);
    const lines = reportLines(report);
    const kept: FeedbackMeasures =
      tier === 'plus'
        ? { ...measures, tier, report: full }
        : { ...withoutPlusParts(measures), tier, locked: Boolean(report.locked) };
    return {
      lines,
      report: full,
      result: {
        type: 'result',
        score,
        band: scoreBand(score),
        feedback_text: lines.map((l) => `${l}\n`).join(''),
        feedback_html: reportHtml(report),
        review: lessonReview(report, score, scoreBand(score)),
        measures: kept,
      },
    };
  }
}

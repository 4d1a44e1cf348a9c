import type { GrammarRule } from './grammar.js';
import type { ScoreBand } from '@kouyu/core';
import type { Asked } from './question-form.js';
import type { Dimension, FeedbackLanguage } from './types.js';
import { en } from './wording-en.js';
import { ru } from './wording-ru.js';
import { zh } from './wording-zh.js';

/** Every sentence the examiner (and the LLM fallback notices) can say, per UI language. */
export interface Wording {
  /** The language this wording is in. */
  code: FeedbackLanguage;
  listSeparator: string;
  scoreLine: (score: number, band: string) => string;
  bands: {
    reference: Record<ScoreBand, string>;
    open: Record<ScoreBand, string>;
    /** Written answers (HSK writing) are judged on content and wording, not on pauses. */
    written: Record<ScoreBand, string>;
  };
  headings: {
    right: string;
    missed: string;
    reference: string;
    model: string;
    next: string;
    improved: string;
    dimensions: string;
  };
  dimension: Record<Dimension, string>;
  subScore: (name: string, score: number) => string;
  tips: {
    offTopic: (opening: string) => string;
    relevancePartial: (words: string) => string;
    stance: string;
    keywords: (example: string) => string;
    fragments: (example: string) => string;
    repeated: string;
    /** A grammar error found, with the words that show it. */
    grammar: (rule: GrammarRule, said: string) => string;
    links: string;
    short: (chars: number, expected: number) => string;
    pauses: (share: number) => string;
    hesitation: string;
    tones: (list: string) => string;
    pinyin: string;
    notChinese: string;
    /** Not Chinese, on a task that repeats or reads a given text: say that text, no reasons asked. */
    notChineseReference: string;
    /** The question was said back: answer what it asks for instead. */
    echo: (asked: string) => string;
    /** The picture's lines read back as a list: describe it in one's own sentences. */
    linesRead: string;
    /** The answer does not give what the question's form asks for (a person for 谁 …). */
    formMissing: (asked: string) => string;
    /** The answer is about someone other than the question is. */
    otherPerson: (who: string) => string;
  };
  /** What each question form asks for, as a tip names it. */
  asked: Record<Asked, string>;
  good: {
    sentences: (links: string) => string;
    relevant: string;
    stance: string;
    tones: (accuracy: number) => string;
  };
  voiceOnly: string;
  voicePace: (spm: number, pauses: number) => string;
  voiceOnlyNext: string;
  locked: string;
  legend: string;
  empty: string;
  emptyNext: string;
  emptyWritten: string;
  emptyWrittenNext: string;
  reproduced: (correct: number, total: number) => string;
  homophones: (pairs: string) => string;
  missing: (runs: string) => string;
  wrong: (pairs: string) => string;
  extra: (runs: string) => string;
  keyPointsHit: (points: string) => string;
  keyPointsMissed: (points: string) => string;
  offTopic: string;
  lengthGood: (chars: number) => string;
  lengthShort: (chars: number, expected: number) => string;
  vocabGood: (count: number, levels: string) => string;
  vocabLow: (levels: string) => string;
  rateGood: (cpm: number) => string;
  rateSlow: (cpm: number, target: number) => string;
  next: {
    referencePerfect: string;
    referenceMissing: (part: string) => string;
    referenceSounds: (chars: string) => string;
    retellPoints: (points: string) => string;
    openOffTopic: (opening: string) => string;
    /** After an echo: answer with what is asked, e.g. a model answer's opening. */
    echo: (example: string) => string;
    openPoints: (points: string) => string;
    openShort: (expected: number) => string;
    openWords: (words: string) => string;
    openSlow: string;
    openGood: string;
  };
  notices: { llmFailed: string; llmNoScore: string; llmMalformed: string };
}

/** The wording table per UI language. */
export const WORDING: Record<FeedbackLanguage, Wording> = { en, zh, ru };

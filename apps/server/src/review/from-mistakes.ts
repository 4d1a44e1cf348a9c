/**
 * Mistakes become review cards (decision 018): the features call these after saving a result. Each result
 * adds at most `REVIEW_CARDS_PER_RESULT_MAX` cards, the most telling first, and a card the learner already
 * has is left as it is. Making cards never fails the save it follows: an error is logged and dropped.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  REVIEW_CARDS_PER_RESULT_MAX,
  REVIEW_CONTEXT_MAX,
  markedPinyin,
  spokenChars,
  toneOf,
  toneVerdict,
} from '@kouyu/core';
import type { HandwritingAnalysis, ReviewAddCardBody, ReviewRef } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { now } from '../lib/clock.js';
import { measureReference } from '../speech/feedback/measure.js';
import { REFERENCE_TYPES } from '../speech/feedback/types.js';
import type { AnswerInput } from '../speech/feedback/types.js';
import { loadHskVocabulary, suggestWords } from '../speech/feedback/vocabulary.js';
import { addCards } from './cards.js';
import type { CardDraft } from './cards.js';
import { charReading, idiomFacts, learnerSyllabus, readingsInContext, wordFacts } from './content.js';
import { hskMistake } from './hsk-items.js';

const HAN = /\p{Script=Han}/u;
/** Words the examiner suggests per answer (as many as its report names). */
const SUGGESTED_WORDS = 3;

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** Adds the drafts (deduplicated, capped) and returns how many cards were new; never throws. */
async function keep(
  db: Db,
  userId: number,
  drafts: CardDraft[],
  log: Log | undefined,
  what: string,
): Promise<number> {
  try {
    const seen = new Set<string>();
    const unique = drafts.filter((d) => {
      const key = `${d.kind}\u0000${d.hanzi}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const capped = unique.slice(0, REVIEW_CARDS_PER_RESULT_MAX);
    const meanings = await wordFacts(
      db,
      capped.filter((d) => !d.meaning).map((d) => d.hanzi),
      await learnerSyllabus(db, userId),
    );
    const filled = capped.map((d) => {
      const facts = meanings.get(d.hanzi);
      if (!facts) return d;
      return {
        ...d,
        pinyin: d.pinyin ?? facts.pinyin,
        meaning: d.meaning ?? facts.meaning,
        ref: { ...d.ref, word_id: facts.wordId },
      };
    });
    return (await addCards(db, userId, filled, now())).length;
  } catch (err) {
    log?.warn({ err, userId }, `review cards from ${what} not made`);
    return 0;
  }
}

const clip = (text: string | undefined | null) => (text ? text.slice(0, REVIEW_CONTEXT_MAX) : null);

/** Characters missed or said wrong against a reference, by the examiner's own alignment (homophones are not mistakes). */
function referenceMistakes(reference: string, answer: string, ref: ReviewRef): CardDraft[] {
  const refChars = spokenChars(reference);
  const ansChars = spokenChars(answer);
  if (refChars.length === 0 || ansChars.length === 0) return [];
  const readings = readingsInContext(refChars.join(''));
  const drafts: CardDraft[] = [];
  let index = 0;
  for (const op of measureReference(refChars, ansChars).ops) {
    if (op.op === 'insert') continue;
    const at = index;
    index += 1;
    if ((op.op !== 'substitute' && op.op !== 'delete') || !HAN.test(op.ref)) continue;
    const numbered = readings[at];
    drafts.push({
      kind: 'char',
      source: 'speaking',
      hanzi: op.ref,
      ...(numbered ? { pinyin: markedPinyin(numbered), tone: toneOf(numbered) } : charReading(op.ref)),
      context: clip(reference),
      ref,
    });
  }
  return drafts;
}

/** One answer of a saved speaking test run. */
export interface SpokenAnswer {
  questionId: number;
  questionType: string;
  referenceText: string | null;
  answerText: string;
}

/** A saved speaking test (`POST /user-test-questions`): repeat and read-aloud answers against their text. */
export function cardsFromSpeakingResult(
  db: Db,
  userId: number,
  resultId: number,
  answers: readonly SpokenAnswer[],
  log?: Log,
): Promise<number> {
  const drafts = answers.flatMap((a) =>
    (a.questionType === 'repeat' || a.questionType === 'read_aloud') && a.referenceText
      ? referenceMistakes(a.referenceText, a.answerText, { question_id: a.questionId, result_id: resultId })
      : [],
  );
  return keep(db, userId, drafts, log, 'a speaking result');
}

/**
 * One examined answer (the feedback stream's saved record): its missed characters, the syllables whose
 * tone the voice analysis heard wrong, and the words the examiner suggested — it names them in its
 * vocabulary tip of an open answer, so only when vocabulary is among the answer's `weakest` dimensions.
 */
export async function cardsFromFeedback(
  db: Db,
  userId: number,
  questionId: number,
  input: AnswerInput,
  weakest: readonly string[],
  log?: Log,
): Promise<number> {
  const ref = { question_id: questionId };
  const context = clip(input.reference_text ?? input.question_text);
  const chars =
    (input.question_type === 'repeat' || input.question_type === 'read_aloud') && input.reference_text
      ? referenceMistakes(input.reference_text, input.answer_text, ref)
      : [];
  const tones: CardDraft[] = (input.voice?.syllables ?? [])
    .filter((s) => HAN.test(s.char) && toneVerdict(s) === 'wrong')
    .map((s) => ({
      kind: 'tone',
      source: 'voice',
      hanzi: s.char,
      pinyin: s.pinyin,
      tone: s.expected_tone,
      context,
      ref,
    }));
  const words =
    weakest.includes('vocabulary') && !REFERENCE_TYPES.includes(input.question_type)
      ? (await suggestedWords(input, log)).map((w): CardDraft => ({
          kind: 'word',
          source: 'examiner',
          hanzi: w,
          context,
          ref,
        }))
      : [];
  return keep(db, userId, [...chars, ...tones, ...words], log, 'feedback');
}

/** The words the examiner's vocabulary tip names (its own choice, from the model answers). */
async function suggestedWords(input: AnswerInput, log: Log | undefined): Promise<string[]> {
  try {
    return suggestWords(input, (await loadHskVocabulary()).lookup, SUGGESTED_WORDS);
  } catch (err) {
    log?.warn({ err }, 'suggested words not read for review cards');
    return [];
  }
}

/** A saved HSK attempt: each item answered wrong (unanswered items are not mistakes). */
export function cardsFromHskAttempt(
  db: Db,
  userId: number,
  setId: string,
  items: readonly unknown[],
  scores: readonly { id: string; correct: boolean; given: unknown }[],
  log?: Log,
): Promise<number> {
  const wrong = new Set(scores.filter((s) => !s.correct && s.given !== null).map((s) => s.id));
  const drafts = items.flatMap((item): CardDraft[] => {
    const mistake = hskMistake(item);
    if (!mistake || !wrong.has(mistake.itemId)) return [];
    return [
      {
        kind: 'hsk',
        source: 'hsk',
        hanzi: mistake.hanzi,
        ...([...mistake.hanzi].length === 1 ? charReading(mistake.hanzi) : {}),
        context: mistake.context,
        ref: { hsk_question_id: `${setId}/${mistake.itemId}` },
      },
    ];
  });
  return keep(db, userId, drafts, log, 'an HSK attempt');
}

/** A saved dictation: every character written wrong or left out, in the word it belongs to. */
export function cardsFromDictation(
  db: Db,
  userId: number,
  analysis: HandwritingAnalysis,
  log?: Log,
): Promise<number> {
  const drafts = analysis.words.flatMap((w) =>
    w.chars.flatMap((c, i): CardDraft[] =>
      c.status === 'right' || !HAN.test(c.char)
        ? []
        : [
            {
              kind: 'dictation',
              source: 'dictation',
              hanzi: c.char,
              ...charReading(c.char, { text: w.word, index: i }),
              context: clip(w.word),
            },
          ],
    ),
  );
  return keep(db, userId, drafts, log, 'a dictation');
}

/** An idiom answered wrong in practice. */
export async function cardFromIdiomAnswer(
  db: Db,
  userId: number,
  idiomId: number,
  chengyu: string,
  log?: Log,
): Promise<number> {
  const facts = (await idiomFacts(db, [chengyu]).catch(() => new Map())).get(chengyu);
  return keep(
    db,
    userId,
    [
      {
        kind: 'idiom',
        source: 'idiom',
        hanzi: chengyu,
        pinyin: facts?.pinyin ?? null,
        meaning: facts?.meaning ?? null,
        ref: { idiom_id: idiomId },
      },
    ],
    log,
    'an idiom answer',
  );
}

/**
 * A card the learner adds by hand, with pinyin and meaning from the word lists (their syllabus's first)
 * when they give none.
 */
export async function manualCard(db: Db, userId: number, body: ReviewAddCardBody): Promise<CardDraft> {
  const [word, idiom] = await Promise.all([
    wordFacts(db, [body.hanzi], await learnerSyllabus(db, userId)),
    idiomFacts(db, [body.hanzi]),
  ]);
  const facts =
    (body.kind === 'idiom' ? idiom : word).get(body.hanzi) ?? word.get(body.hanzi) ?? idiom.get(body.hanzi);
  const single = [...body.hanzi].length === 1 ? charReading(body.hanzi) : { pinyin: null, tone: null };
  const ref: ReviewRef = {
    ...(facts?.wordId ? { word_id: facts.wordId } : {}),
    ...(facts?.idiomId ? { idiom_id: facts.idiomId } : {}),
    ...body.ref,
  };
  return {
    kind: body.kind,
    source: 'manual',
    hanzi: body.hanzi,
    pinyin: body.pinyin || facts?.pinyin || single.pinyin,
    tone: facts?.tone ?? single.tone,
    meaning: body.meaning ?? facts?.meaning ?? null,
    context: body.context ?? null,
    ref: Object.keys(ref).length > 0 ? ref : null,
  };
}

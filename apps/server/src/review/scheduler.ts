/**
 * FSRS scheduling of review cards (ts-fsrs). The parameters are the library's defaults but two: reviews
 * are spread over at most a year (an HSKK learner prepares for one exam, not for life) and intervals are
 * not fuzzed, so the same answers always give the same schedule (tests, and two devices that agree).
 */
import { createEmptyCard, fsrs, generatorParameters, State } from 'ts-fsrs';
import type { Card, Grade } from 'ts-fsrs';
import type { ReviewRating, ReviewState } from '@kouyu/core';

/** Retention FSRS aims for: 90 % of cards still known when they come due. */
export const REVIEW_RETENTION = 0.9;
/** The longest interval between two reviews, in days. */
export const REVIEW_MAX_INTERVAL_DAYS = 365;

const scheduler = fsrs(
  generatorParameters({
    request_retention: REVIEW_RETENTION,
    maximum_interval: REVIEW_MAX_INTERVAL_DAYS,
    enable_fuzz: false,
    enable_short_term: true,
  }),
);

/** The schedule of one card as stored (the review_cards columns FSRS owns). */
export interface Schedule {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: ReviewState;
  lastReview: Date | null;
}

const STATE_NAMES: Record<State, ReviewState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const STATES: Record<ReviewState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

const GRADES: Record<ReviewRating, Grade> = { 1: 1, 2: 2, 3: 3, 4: 4 };

/** The schedule of a card never answered, due at `at` (a new mistake is reviewable at once). */
export function newSchedule(at: Date): Schedule {
  return fromCard(createEmptyCard(at));
}

/** The schedule after answering `rating` at `at`. */
export function nextSchedule(current: Schedule, rating: ReviewRating, at: Date): Schedule {
  return fromCard(scheduler.next(toCard(current), at, GRADES[rating]).card);
}

function toCard(s: Schedule): Card {
  return {
    due: s.due,
    stability: s.stability,
    difficulty: s.difficulty,
    elapsed_days: s.elapsedDays,
    scheduled_days: s.scheduledDays,
    learning_steps: s.learningSteps,
    reps: s.reps,
    lapses: s.lapses,
    state: STATES[s.state],
    ...(s.lastReview ? { last_review: s.lastReview } : {}),
  };
}

function fromCard(c: Card): Schedule {
  return {
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsedDays: c.elapsed_days,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: STATE_NAMES[c.state],
    lastReview: c.last_review ?? null,
  };
}

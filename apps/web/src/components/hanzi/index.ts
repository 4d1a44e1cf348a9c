/**
 * Characters by hand (decision 029): Hanzi Writer with stroke data from our own `GET /api/v1/hanzi/{char}`.
 * Shared here because several features use it (write page, review "write" cards); importing this file
 * is light: the hanzi-writer library itself is fetched only when a component below mounts.
 *
 * - `<HanziWatch char="你" autoPlay? />`: watch mode, the stroke order animated, with Replay and
 *   Next stroke buttons and a text alternative ("Stroke order of 你: 7 strokes").
 * - `<HanziQuiz char="你" onComplete={(r) => …} outline? showHintAfterMisses? />`: trace/write mode.
 *   The learner draws each stroke (mouse, pen or finger); after `showHintAfterMisses` misses on a
 *   stroke (default 3, `false` for never) the stroke is hinted. `onComplete` gets `HanziQuizResult`
 *   `{ char, strokes, mistakes, mistakesPerStroke }` each time the character is finished ("Write it
 *   again" restarts and reports again). Turn it into a rating on your side, e.g. 0 mistakes → easy.
 *   `outline` true traces over the grey character, false writes from memory (the learner can switch).
 *   The root carries `data-state` = loading | writing | complete | missing | error.
 * - `<WriteLink word="你好" />`: the "Write it" link to the write page `/{lang}/write/{word}`.
 * - `loadHanziData(char)`: the stroke data (cached per page life), e.g. to know the stroke count.
 * A character without data (rare, outside HSK) shows a message instead of failing (`data-status="missing"`).
 */
export { HanziWatch } from './hanzi-watch';
export { HanziQuiz, HANZI_HINT_AFTER_MISSES } from './hanzi-quiz';
export type { HanziQuizProps, HanziQuizResult } from './hanzi-quiz';
export { WriteLink } from './write-link';
export { loadHanziData } from './load-hanzi-data';

const SCORE_WORD = 'SCORE';
// "SCORE: 78", "**Score:** 78", "SCORE：78" — markdown dressing and a full-width colon allowed.
const SCORE_LINE = /^[\s*_#>`-]*score[\s*_`]*[:：][\s*_`]*(\d{1,3}(?:\.\d+)?)/i;
const SCORE_ANYWHERE = /score[\s*_`]*[:：][\s*_`]*(\d{1,3}(?:\.\d+)?)/gi;

/** True when a line is the model's score line. */
export function isScoreLine(line: string): boolean {
  return SCORE_LINE.test(line);
}

/** The score the model gave: its last score line, else the last "score: N" anywhere; null if none is in 0-100. */
export function parseScore(text: string): number | null {
  let found: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const m = SCORE_LINE.exec(line);
    if (m?.[1]) found = m[1];
  }
  if (found === undefined) for (const m of text.matchAll(SCORE_ANYWHERE)) found = m[1];
  if (found === undefined) return null;
  const n = Number(found);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : null;
}

/**
 * Passes streamed text through as it arrives but holds back any line that may be the score line,
 * so the learner reads feedback, not "SCORE: 78". A line is released as soon as it cannot be one.
 */
export class ScoreLineFilter {
  #held = '';
  #passing = false;
  #raw = '';
  #visible = '';

  /** Everything the model sent. */
  get raw(): string {
    return this.#raw;
  }

  /** Everything released so far. */
  get visible(): string {
    return this.#visible;
  }

  /** Takes a piece of the stream; returns the text that may be shown now. */
  push(piece: string): string {
    this.#raw += piece;
    let out = '';
    const parts = piece.split('\n');
    parts.forEach((part, i) => {
      if (this.#passing) out += part;
      else {
        this.#held += part;
        if (!this.#mayBeScore(this.#held)) {
          out += this.#held;
          this.#held = '';
          this.#passing = true;
        }
      }
      if (i < parts.length - 1) {
        if (!this.#passing && !isScoreLine(this.#held)) out += this.#held;
        if (this.#passing || !isScoreLine(this.#held)) out += '\n';
        this.#held = '';
        this.#passing = false;
      }
    });
    this.#visible += out;
    return out;
  }

  /** Ends the stream; returns held text that turned out not to be a score line. */
  end(): string {
    const out = this.#passing || isScoreLine(this.#held) ? '' : this.#held;
    this.#held = '';
    this.#visible += out;
    return out;
  }

  #mayBeScore(held: string): boolean {
    const bare = held.replace(/^[\s*_#>`-]+/, '').toUpperCase();
    if (bare === '') return true;
    return bare.startsWith(SCORE_WORD) ? true : SCORE_WORD.startsWith(bare);
  }
}

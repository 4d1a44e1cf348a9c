import type { ReviewCard, ReviewMode } from '@kouyu/core';

/** What this device can do right now. */
export interface Abilities {
  online: boolean;
  /** A microphone and the voice analysis are at hand (hear and repeat). */
  canRecord: boolean;
  /** The stroke-order component is at hand (write the character). */
  canWrite: boolean;
}

const HAN = /\p{Script=Han}/u;
/** Longest card written by hand: a word, not a sentence of an HSK item. */
export const WRITE_MAX_CHARS = 4;

const hanCount = (text: string) => [...text].filter((c) => HAN.test(c)).length;

/** The card's modes this device can practise now; the voice needs the server, so offline leaves it out. */
export function playableModes(card: ReviewCard, can: Abilities): ReviewMode[] {
  return card.modes.filter((mode) => {
    switch (mode) {
      case 'repeat':
        return can.online && can.canRecord;
      case 'tone':
        return can.online && card.tone !== null;
      case 'meaning':
        return true;
      case 'write':
        return can.canWrite && hanCount(card.hanzi) >= 1 && hanCount(card.hanzi) <= WRITE_MAX_CHARS;
      case 'idiom_fill':
        return hanCount(card.hanzi) >= 2;
    }
  });
}

/**
 * The mode a card is shown in: its modes in turn, one more each time it was answered, so a mistake is
 * met from another side at every review; meaning when nothing else can be done here.
 */
export function pickMode(card: ReviewCard, modes: readonly ReviewMode[], turn = 0): ReviewMode {
  if (modes.length === 0) return 'meaning';
  return modes[(card.reps + turn) % modes.length] ?? 'meaning';
}

import { describe, expect, it } from 'vitest';
import { nextDueOf } from '../hooks/use-review-session';
import { idiomBlank } from './idiom-blank';
import { pickMode, playableModes } from './pick-mode';
import { testCard } from './test-card';
import { writeRating } from './write-rating';

const card = testCard;
const all = { online: true, canRecord: true, canWrite: true };

describe('the mode a card is shown in', () => {
  it('takes the modes in turn as the card is answered again', () => {
    const modes = playableModes(card(), all);
    expect(modes).toEqual(['repeat', 'tone', 'write', 'meaning']);
    expect(pickMode(card(), modes)).toBe('repeat');
    expect(pickMode(card({ reps: 1 }), modes)).toBe('tone');
    expect(pickMode(card({ reps: 5 }), modes)).toBe('tone');
    // "Another way" moves one further.
    expect(pickMode(card(), modes, 2)).toBe('write');
  });

  it('leaves out what this device cannot do now', () => {
    // Offline: no voice analysis and no audio, so neither repeat nor tone.
    expect(playableModes(card(), { ...all, online: false })).toEqual(['write', 'meaning']);
    expect(playableModes(card(), { ...all, canRecord: false, canWrite: false })).toEqual(['tone', 'meaning']);
    // A card without a known tone cannot be a tone question.
    expect(playableModes(card({ tone: null }), all)).not.toContain('tone');
    // Writing by hand is for a word, not the sentence of an HSK item.
    expect(playableModes(card({ hanzi: '我们明天去银行', modes: ['write', 'meaning'] }), all)).toEqual([
      'meaning',
    ]);
    // An idiom to fill needs at least two characters.
    expect(
      playableModes(card({ kind: 'idiom', hanzi: '好', modes: ['idiom_fill', 'meaning'] }), all),
    ).toEqual(['meaning']);
  });

  it('falls back to meaning when nothing else is possible', () => {
    const c = card({ modes: ['repeat'] });
    expect(pickMode(c, playableModes(c, { ...all, online: false }))).toBe('meaning');
  });
});

describe('fill the idiom', () => {
  it('blanks one character and offers it among three others, the same way for the same card', () => {
    const a = idiomBlank('画蛇添足', 'card-1:0');
    expect(a.parts.filter((p) => p === null)).toHaveLength(1);
    expect(a.parts.map((p) => p ?? a.answer).join('')).toBe('画蛇添足');
    expect(a.choices).toHaveLength(4);
    expect(new Set(a.choices).size).toBe(4);
    expect(a.choices).toContain(a.answer);
    // No wrong choice is another character of the idiom (it would be right in its place).
    expect(a.choices.filter((c) => c !== a.answer).some((c) => '画蛇添足'.includes(c))).toBe(false);
    expect(idiomBlank('画蛇添足', 'card-1:0')).toEqual(a);
  });

  it('moves the blank between reviews', () => {
    const answers = new Set(
      Array.from({ length: 12 }, (_, n) => idiomBlank('一心一意', `card-2:${n}`).parts.indexOf(null)),
    );
    expect(answers.size).toBeGreaterThan(1);
  });
});

describe('the rating of a written character', () => {
  it('is Good without mistakes, Hard for a few, Again for many', () => {
    expect(writeRating(8, 0)).toBe(3);
    expect(writeRating(8, 2)).toBe(2);
    expect(writeRating(8, 3)).toBe(1);
    expect(writeRating(2, 1)).toBe(2);
  });
});

describe('the next card due', () => {
  it('is the earliest still ahead', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(
      nextDueOf(['2026-11-27T00:00:00Z', null, '2026-11-26T08:00:00Z', '2026-11-25T11:00:00Z'], now),
    ).toBe('2026-11-26T08:00:00Z');
    expect(nextDueOf([null, '2026-11-25T11:00:00Z'], now)).toBeNull();
  });
});

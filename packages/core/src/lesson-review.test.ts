import { describe, expect, it } from 'vitest';
import {
  alignedReview,
  gateLessonReview,
  gateReviewAnswer,
  reviewAccess,
  toneOfMarked,
} from './lesson-review.js';
import type { LessonReview } from './lesson-review.js';

const full: LessonReview = {
  score: 62,
  band: 'mid',
  verdict: 'partly accurate',
  dimensions: { heading: 'Scores', items: ['Task: 60'] },
  right: { heading: 'Right', items: ['5 of 6 characters'] },
  missed: { heading: 'To work on', items: ['a', 'b', 'c'] },
  alignment: { heading: 'Original', kind: 'reference', chars: [{ char: '我', pinyin: 'wǒ', mark: 'ok' }] },
  improved: null,
  next: { heading: 'Next', text: 'again' },
  locked: false,
};

describe('the review rule', () => {
  it('gives Plus everything, others the band, verdict and two tips', () => {
    expect(reviewAccess({ signedIn: true, official: true })).toBe('full');
    expect(reviewAccess({ signedIn: true, official: false })).toBe('plus_required');
    expect(reviewAccess({ signedIn: false, official: false })).toBe('sign_in');
    expect(gateLessonReview(full, 'full')).toBe(full);
    const free = gateLessonReview(full, 'plus_required');
    expect(free).toMatchObject({ score: 62, band: 'mid', verdict: 'partly accurate', locked: true });
    expect(free.alignment).toBeNull();
    expect(free.dimensions).toBeNull();
    expect(free.next).toBeNull();
    expect(free.missed.items).toEqual(['a', 'b']);
  });

  it('drops the question and the answer text for a reader without Plus', () => {
    const answer = { orig_answers: '我家', user_answers: '我', review: full };
    expect(gateReviewAnswer(answer, 'plus_required')).toMatchObject({
      orig_answers: null,
      user_answers: null,
      review_locked: true,
    });
    expect(gateReviewAnswer(answer, 'full')).toMatchObject({ orig_answers: '我家', user_answers: '我' });
  });
});

describe('aligned characters', () => {
  const ref = [...'我家有四个人。'].map((char) => ({ char, pinyin: char === '。' ? '' : 'x' }));
  it('marks right, missing, homophone, wrong and extra characters and keeps punctuation', () => {
    const chars = alignedReview(
      ref,
      [
        { op: 'match', ref: '我', hyp: '我' },
        { op: 'delete', ref: '家' },
        { op: 'match', ref: '有', hyp: '有' },
        { op: 'homophone', ref: '四', hyp: '寺' },
        { op: 'substitute', ref: '个', hyp: '本' },
        { op: 'match', ref: '人', hyp: '人' },
        { op: 'insert', hyp: '们' },
      ],
      () => 'men',
    );
    expect(chars.map((c) => `${c.char}${c.mark}${c.heard ?? ''}`)).toEqual([
      '我ok',
      '家missing',
      '有ok',
      '四homophone寺',
      '个wrong本',
      '人ok',
      '们extra',
      '。none',
    ]);
  });
});

describe('tones of pinyin', () => {
  it('reads the tone mark, neutral without one', () => {
    expect(['mā', 'má', 'mǎ', 'mà', 'ma', 'lǜ', '', '。'].map(toneOfMarked)).toEqual([
      1,
      2,
      3,
      4,
      5,
      4,
      null,
      null,
    ]);
  });
});

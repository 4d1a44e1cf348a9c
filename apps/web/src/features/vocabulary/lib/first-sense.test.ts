import { describe, expect, it } from 'vitest';
import { firstSense } from './first-sense';

describe('firstSense', () => {
  it('takes the first sense of a CC-CEDICT style entry', () => {
    expect(firstSense('to pay back; to return')).toBe('to pay back');
    expect(firstSense('if; in case; in the event that')).toBe('if');
  });
  it('skips register marks, classifiers, surnames and variants, and drops bracketed pinyin', () => {
    expect(firstSense('(literary) to suffer; quilt')).toBe('quilt');
    expect(firstSense('surname Wang; king')).toBe('king');
    expect(firstSense('classifier for books; CL:本[běn]; volume')).toBe('volume');
    expect(firstSense('used with 把[bǎ] before the object')).toBe('used with 把 before the object');
  });
  it('falls back to the first sense when every sense is a note, and keeps a one-sense entry', () => {
    expect(firstSense('surname Li')).toBe('surname Li');
    expect(firstSense('modal particle ending sentence, showing affirmation')).toBe(
      'modal particle ending sentence, showing affirmation',
    );
  });
});

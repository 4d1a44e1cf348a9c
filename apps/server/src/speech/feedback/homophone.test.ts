import { describe, expect, it } from 'vitest';
import { spokenChars } from '@kouyu/core';
import { measureReference } from './measure.js';

const measure = (reference: string, answer: string) =>
  measureReference(spokenChars(reference), spokenChars(answer));

describe('homophones in the reference alignment', () => {
  it('counts a character of the same sound (tones aside) as a homophone', () => {
    const { ops, measure: m } = measure('我明天再来', '我明天在来');
    expect(ops).toContainEqual({ op: 'homophone', ref: '再', hyp: '在' });
    expect(m.homophones).toBe(1);
    expect(m.wrong).toBe(0);
  });

  it('does not call 家 a homophone of 姐 (jiā / jiě differ by the final), even though 家 has a rare reading jie', () => {
    const { ops, measure: m } = measure('我姐姐很好', '我家姐很好');
    expect(ops).not.toContainEqual(expect.objectContaining({ op: 'homophone' }));
    expect(m.homophones).toBe(0);
    expect(m.wrong).toBe(1);
  });

  it('does not call 民 a homophone of 面 (miàn / mín differ by the final)', () => {
    const { ops, measure: m } = measure('我喜欢吃面条', '我喜欢吃民条');
    expect(ops).toContainEqual({ op: 'substitute', ref: '面', hyp: '民' });
    expect(m.homophones).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { ResultPages, forgetResults } from './results-cache.js';

describe('ResultPages', () => {
  it('does not keep a page read before the learner’s results were written', () => {
    const pages = new ResultPages();
    const before = pages.stamp();
    forgetResults(7);
    pages.set(7, 'p1', 'old', before);
    expect(pages.get(7, 'p1')).toBeUndefined();
    // Another learner's page read at the same time is kept.
    pages.set(8, 'p1', 'theirs', before);
    expect(pages.get(8, 'p1')).toBe('theirs');
    const after = pages.stamp();
    pages.set(7, 'p1', 'new', after);
    expect(pages.get(7, 'p1')).toBe('new');
    forgetResults(7);
    expect(pages.get(7, 'p1')).toBeUndefined();
    pages.close();
  });

  it('keeps a few pages per learner and a bounded number of learners, least recently used out first', () => {
    const pages = new ResultPages(2, 2);
    const at = pages.stamp();
    pages.set(1, 'a', 'A', at);
    pages.set(1, 'b', 'B', at);
    expect(pages.get(1, 'a')).toBe('A');
    pages.set(1, 'c', 'C', at);
    expect([pages.get(1, 'a'), pages.get(1, 'b'), pages.get(1, 'c')]).toEqual(['A', undefined, 'C']);
    pages.set(2, 'a', '2', at);
    pages.get(1, 'a');
    pages.set(3, 'a', '3', at);
    expect([pages.get(1, 'a'), pages.get(2, 'a'), pages.get(3, 'a')]).toEqual(['A', undefined, '3']);
    pages.close();
  });
});

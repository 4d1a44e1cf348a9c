import { describe, expect, it } from 'vitest';
import { ResultPages, forgetResults } from './results-cache.js';

describe('ResultPages', () => {
  it('does not keep a page read before the learner’s results were written', () => {
    const pages = new ResultPages();
    const before = pages.stamp();
    forgetResults(7);
    pages.set(7, 'p1', { body: 'old' }, before);
    expect(pages.get(7, 'p1')).toBeUndefined();
    // Another learner's page read at the same time is kept.
    pages.set(8, 'p1', { body: 'theirs' }, before);
    expect(pages.get(8, 'p1')?.body).toBe('theirs');
    const after = pages.stamp();
    pages.set(7, 'p1', { body: 'new' }, after);
    expect(pages.get(7, 'p1')?.body).toBe('new');
    const kept = pages.get(7, 'p1');
    expect(kept && pages.holds(7, 'p1', kept)).toBe(true);
    forgetResults(7);
    expect(pages.get(7, 'p1')).toBeUndefined();
    // What the answer replay checks: a page forgotten is no longer the one kept.
    expect(kept && pages.holds(7, 'p1', kept)).toBe(false);
    pages.close();
  });

  it('keeps a few pages per learner and a bounded number of learners, least recently used out first', () => {
    const pages = new ResultPages(2, 2);
    const at = pages.stamp();
    pages.set(1, 'a', { body: 'A' }, at);
    pages.set(1, 'b', { body: 'B' }, at);
    expect(pages.get(1, 'a')?.body).toBe('A');
    pages.set(1, 'c', { body: 'C' }, at);
    expect([pages.get(1, 'a'), pages.get(1, 'b'), pages.get(1, 'c')].map((t) => t?.body)).toEqual([
      'A',
      undefined,
      'C',
    ]);
    pages.set(2, 'a', { body: '2' }, at);
    pages.get(1, 'a');
    pages.set(3, 'a', { body: '3' }, at);
    expect([pages.get(1, 'a'), pages.get(2, 'a'), pages.get(3, 'a')].map((t) => t?.body)).toEqual([
      'A',
      undefined,
      '3',
    ]);
    pages.close();
  });
});

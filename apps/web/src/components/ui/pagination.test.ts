import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

describe('page window', () => {
  it('shows every page up to seven', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('keeps the first, the last and two either side of the current page', () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, null, 50]);
    expect(pageWindow(25, 50)).toEqual([1, null, 23, 24, 25, 26, 27, null, 50]);
    expect(pageWindow(50, 50)).toEqual([1, null, 48, 49, 50]);
  });
  it('shows a single skipped page instead of a gap', () => {
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, null, 10]);
  });
});

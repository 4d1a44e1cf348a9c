import { describe, expect, it } from 'vitest';
import { durationParts } from './duration.js';

describe('durationParts', () => {
  it.each([
    [0, { h: 0, m: 0, s: 0 }],
    [59, { h: 0, m: 0, s: 59 }],
    [125, { h: 0, m: 2, s: 5 }],
    [3600, { h: 1, m: 0, s: 0 }],
    [3725.4, { h: 1, m: 2, s: 5 }],
    [-3, { h: 0, m: 0, s: 0 }],
  ])('%f s', (seconds, parts) => expect(durationParts(seconds)).toEqual(parts));
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsSink, track, trackingAllowed } from './analytics';

const nav = (fields: Record<string, unknown>) => Object.assign(Object.create(null), fields) as Navigator;

describe('client analytics', () => {
  afterEach(() => {
    setAnalyticsSink(null);
    vi.unstubAllGlobals();
  });

  it('honours Do-Not-Track and Global Privacy Control', () => {
    expect(trackingAllowed(nav({ doNotTrack: null }))).toBe(true);
    expect(trackingAllowed(nav({ doNotTrack: '1' }))).toBe(false);
    expect(trackingAllowed(nav({ doNotTrack: null, globalPrivacyControl: true }))).toBe(false);
    expect(trackingAllowed(undefined)).toBe(false);
  });

  it('sends nothing to a sink when the browser refuses tracking', () => {
    const seen: unknown[] = [];
    setAnalyticsSink((e) => seen.push(e));
    vi.stubGlobal('navigator', nav({ doNotTrack: null, globalPrivacyControl: true }));
    track({ type: 'goal', goal: 1 });
    expect(seen).toEqual([]);
    vi.stubGlobal('navigator', nav({ doNotTrack: null }));
    track({ type: 'goal', goal: 1 });
    expect(seen).toEqual([{ type: 'goal', goal: 1 }]);
  });
});

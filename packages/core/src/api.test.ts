import { describe, expect, it } from 'vitest';
import { healthResponseSchema, recognitionState } from './api.js';

describe('health', () => {
  it('tells the recognition state from the engine report', () => {
    expect(recognitionState({ name: 'openai', ready: true })).toBe('ready');
    expect(recognitionState({ name: 'sherpa', ready: false })).toBe('not-ready');
    expect(recognitionState({ name: 'none', ready: false })).toBe('none');
    expect(recognitionState(undefined)).toBe('none');
  });

  it('answers the public with the status alone, an admin with the report', () => {
    expect(healthResponseSchema.safeParse({ status: 'ok', recognition: 'none' }).success).toBe(true);
    expect(healthResponseSchema.safeParse({ status: 'ok' }).success).toBe(false);
  });
});

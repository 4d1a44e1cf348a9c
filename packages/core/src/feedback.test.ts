import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_TYPES,
  RATED_FEEDBACK_TYPES,
  adminContactUpdateBody,
  adminContactsQuery,
  contactBodySchema,
  isFeedbackType,
  isRatedFeedbackType,
  parseCooldownSeconds,
} from './feedback.js';

const issue = (input: unknown) => contactBodySchema.safeParse(input).error?.issues[0];

describe('feedback types', () => {
  it('lists the eight types of the spec, four of them rated', () => {
    expect(FEEDBACK_TYPES).toEqual([
      'general',
      'bug',
      'feature',
      'ai_feedback',
      'ui_ux',
      'performance',
      'payment',
      'praise',
    ]);
    expect(RATED_FEEDBACK_TYPES).toEqual(['ai_feedback', 'ui_ux', 'performance', 'praise']);
    expect(FEEDBACK_TYPES.filter(isRatedFeedbackType)).toEqual([...RATED_FEEDBACK_TYPES]);
    expect(isFeedbackType('bug')).toBe(true);
    expect(isFeedbackType('complaint')).toBe(false);
    expect(isFeedbackType(3)).toBe(false);
  });
});

describe('contact body', () => {
  it('trims the message and defaults the type to general', () => {
    expect(contactBodySchema.parse({ message: '  hello there  ' })).toEqual({
      message: 'hello there',
      feedback_type: 'general',
      rating: null,
    });
  });

  it('needs 5 to 1024 characters after trimming', () => {
    expect(issue({ message: '    ' })).toMatchObject({ path: ['message'], message: 'message_required' });
    expect(issue({})?.message).toBe('message_required');
    expect(issue({ message: 42 })?.message).toBe('message_required');
    expect(issue({ message: ' abcd ' })?.message).toBe('message_too_short');
    expect(contactBodySchema.safeParse({ message: 'abcde' }).success).toBe(true);
    expect(contactBodySchema.safeParse({ message: 'a'.repeat(1024) }).success).toBe(true);
    expect(issue({ message: 'a'.repeat(1025) })?.message).toBe('message_too_long');
    // Spaces around a full-length message do not count.
    expect(contactBodySchema.safeParse({ message: ` ${'a'.repeat(1024)} ` }).success).toBe(true);
  });

  it('keeps a rating of 1-5 only for the rated types', () => {
    const rated = contactBodySchema.parse({ message: 'great AI', feedback_type: 'ai_feedback', rating: 5 });
    expect(rated.rating).toBe(5);
    expect(contactBodySchema.parse({ message: 'nice look', feedback_type: 'ui_ux' }).rating).toBeNull();
    expect(
      contactBodySchema.parse({ message: 'nice look', feedback_type: 'praise', rating: null }).rating,
    ).toBeNull();
    expect(
      contactBodySchema.parse({ message: 'it crashed', feedback_type: 'bug', rating: 4 }).rating,
    ).toBeNull();
  });

  it('refuses ratings outside 1-5 and unknown types', () => {
    for (const rating of [0, 6, 2.5, '3'])
      expect(issue({ message: 'hello world', feedback_type: 'praise', rating })?.message).toBe(
        'rating_range',
      );
    expect(issue({ message: 'hello world', feedback_type: 'complaint' })?.path).toEqual(['feedback_type']);
  });
});

describe('cooldown seconds of a 429 message', () => {
  it('reads "N seconds", else 20', () => {
    expect(parseCooldownSeconds('Please wait 17 seconds before sending another message.')).toBe(17);
    expect(parseCooldownSeconds('Rate limit exceeded. Please wait 1 second before trying again.')).toBe(1);
    expect(parseCooldownSeconds('Too many requests')).toBe(20);
    expect(parseCooldownSeconds('wait 0 seconds')).toBe(20);
    expect(parseCooldownSeconds('')).toBe(20);
    expect(parseCooldownSeconds(undefined)).toBe(20);
  });
});

describe('admin queries', () => {
  it('pages 20 newest by default and filters by status and type', () => {
    expect(adminContactsQuery.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(adminContactsQuery.parse({ status: 'new', type: 'bug', page: '2' })).toMatchObject({
      status: 'new',
      type: 'bug',
      page: 2,
    });
    expect(adminContactsQuery.safeParse({ status: 'archived' }).success).toBe(false);
  });

  it('updates a status, a note or both, never nothing', () => {
    expect(adminContactUpdateBody.safeParse({}).success).toBe(false);
    expect(adminContactUpdateBody.parse({ status: 'read' })).toEqual({ status: 'read' });
    expect(adminContactUpdateBody.parse({ admin_note: null })).toEqual({ admin_note: null });
    expect(adminContactUpdateBody.safeParse({ status: 'closed' }).success).toBe(false);
  });
});

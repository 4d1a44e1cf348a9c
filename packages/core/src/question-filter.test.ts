import { describe, expect, it } from 'vitest';
import { filterQuestions, isValidQuestion } from './question-filter.js';
import type { FilterableQuestion } from './question-filter.js';

const base: FilterableQuestion = {
  question_texts: [],
  image_urls: [],
  image_texts: [],
  image_audio_urls: [],
  audio_text: '',
};

describe('question filter', () => {
  it('keeps a question with non-empty question text', () => {
    expect(isValidQuestion({ ...base, question_texts: ['', '你好'] })).toBe(true);
    expect(isValidQuestion({ ...base, question_texts: ['  '] })).toBe(false);
  });
  it('keeps a listening question whose words are in audio_text', () => {
    expect(isValidQuestion({ ...base, audio_text: '我家有四个人。' })).toBe(true);
  });
  it('keeps pictures only with their texts and audio', () => {
    const pics = { ...base, image_urls: ['/a.svg'] };
    expect(isValidQuestion(pics)).toBe(false);
    expect(isValidQuestion({ ...pics, image_texts: ['一位先生'] })).toBe(false);
    expect(isValidQuestion({ ...pics, image_texts: ['一位先生'], image_audio_urls: ['/a.mp3'] })).toBe(true);
    expect(isValidQuestion({ ...pics, image_texts: [''], image_audio_urls: ['/a.mp3'] })).toBe(false);
  });
  it('tells an empty list from a list with nothing valid', () => {
    expect(filterQuestions([])).toEqual({ ok: false, reason: 'no_questions' });
    expect(filterQuestions([base])).toEqual({ ok: false, reason: 'no_valid_questions' });
    const good = { ...base, question_texts: ['问题'] };
    expect(filterQuestions([base, good])).toEqual({ ok: true, questions: [good] });
  });
});

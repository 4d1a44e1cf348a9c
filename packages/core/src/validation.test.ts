import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  nulFieldPath,
  codeSchema,
  dictationWordError,
  emailSchema,
  feedbackMessageError,
  passwordSchema,
  validationMessage,
  withConfirmation,
} from './validation.js';

const firstMessage = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;

describe('email', () => {
  it('is required and well-formed, stored lower-case', () => {
    expect(firstMessage(emailSchema.safeParse(''))).toBe('email_required');
    expect(firstMessage(emailSchema.safeParse('a@b'))).toBe('email_invalid');
    expect(emailSchema.parse(' Li.Ming@Example.COM ')).toBe('li.ming@example.com');
  });
});

describe('password and confirmation', () => {
  const form = withConfirmation(z.object({ password: passwordSchema }));
  it('needs 6 characters', () => {
    expect(firstMessage(passwordSchema.safeParse('12345'))).toBe('password_min');
    expect(passwordSchema.safeParse('123456').success).toBe(true);
    expect(validationMessage('password_min')).toBe('Password must be at least 6 characters');
  });
  it('confirmation must match', () => {
    expect(firstMessage(form.safeParse({ password: 'secret1', confirmPassword: 'secret2' }))).toBe(
      'passwords_mismatch',
    );
    expect(firstMessage(form.safeParse({ password: 'secret1', confirmPassword: '' }))).toBe(
      'confirm_required',
    );
    expect(form.safeParse({ password: 'secret1', confirmPassword: 'secret1' }).success).toBe(true);
    expect(validationMessage('passwords_mismatch')).toBe('Passwords do not match');
  });
});

describe('codes', () => {
  it.each(['12345', '1234567', 'abcdef', '12 456'])('%s is refused', (c) => {
    expect(firstMessage(codeSchema.safeParse(c))).toBe('code_format');
  });
  it('takes exactly 6 digits', () => {
    expect(codeSchema.parse(' 012345 ')).toBe('012345');
    expect(validationMessage('code_format')).toBe('Verification code must be 6 digits');
  });
});

describe('feedback message', () => {
  it('is trimmed and required', () => {
    expect(feedbackMessageError('   ')).toBe('message_required');
    expect(feedbackMessageError('Tell us', 'Tell us')).toBe('message_required');
  });
  it('is 5 to 1024 characters', () => {
    expect(feedbackMessageError(' abcd ')).toBe('message_too_short');
    expect(feedbackMessageError('abcde')).toBeNull();
    expect(feedbackMessageError('x'.repeat(1024))).toBeNull();
    expect(feedbackMessageError('x'.repeat(1025))).toBe('message_too_long');
    expect(validationMessage('message_too_long')).toBe(
      'Message is too long. Please reduce to 1024 characters or less.',
    );
  });
});

describe('dictation words', () => {
  it('takes Chinese characters only', () => {
    expect(dictationWordError('你好')).toBeNull();
    expect(dictationWordError('ni好')).toBe('word_chinese_only');
    expect(dictationWordError('你好1')).toBe('word_chinese_only');
    expect(dictationWordError('')).toBe('word_required');
  });
  it('caps at 50 characters and refuses duplicates', () => {
    expect(dictationWordError('中'.repeat(50))).toBeNull();
    expect(dictationWordError('中'.repeat(51))).toBe('word_too_long');
    expect(dictationWordError('你好', ['你好'])).toBe('word_duplicate');
  });
});

describe('U+0000 in text', () => {
  it('names the first field holding it, at any depth, in keys too', () => {
    expect(nulFieldPath({ email: 'a\u0000@t.example' })).toBe('email');
    expect(nulFieldPath({ answers: [{ user_answers: 'ok' }, { user_answers: '\u0000' }] })).toBe(
      'answers.1.user_answers',
    );
    expect(nulFieldPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(nulFieldPath('\u0000')).toBe('');
  });
  it('passes everything else, %00 written out included', () => {
    expect(nulFieldPath({ email: 'a@t.example', n: 0, none: null, list: ['学习', '%00'] })).toBeNull();
    expect(nulFieldPath(undefined)).toBeNull();
  });
});

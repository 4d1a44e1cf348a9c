import { z } from 'zod';
import { errorMessage, validationMessage, wordListIssue } from '@kouyu/core';
import { AppError } from '../lib/errors.js';

function invalid(field: string, code: string, message: string): AppError {
  return new AppError(400, 'validation_failed', message, { fields: [{ field, code, message }] });
}

/**
 * Checks a word list with the rules of spec 000 §5 (shared with the web app through core): Chinese
 * characters only, at most 50 each, no duplicates, at least one word unless `allowEmpty`, at most
 * `limit` words (10 free, 20 Plus). Returns the trimmed list.
 */
export function checkWords(raw: readonly string[], limit: number, allowEmpty = false): string[] {
  const words = raw.map((w) => w.trim());
  if (allowEmpty && words.length === 0) return words;
  const issue = wordListIssue(words, limit);
  if (!issue) return words;
  if (issue.key === 'too_many_words')
    throw new AppError(400, 'too_many_words', errorMessage('too_many_words', { limit }), { limit });
  const field = issue.index === null ? 'words' : `words.${issue.index}`;
  throw invalid(field, issue.key, validationMessage(issue.key));
}

const wordsField = z.array(z.string().max(200)).max(100);

/** Reads the `words` field of a multipart form: a JSON array of strings. */
export function parseWordsField(value: string | undefined): string[] {
  if (value === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw invalid('words', 'invalid_json', 'words must be a JSON array of strings');
  }
  const parsed = wordsField.safeParse(json);
  if (!parsed.success) throw invalid('words', 'invalid_type', 'words must be a JSON array of strings');
  return parsed.data;
}

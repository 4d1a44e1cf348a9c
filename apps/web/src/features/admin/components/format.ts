import type { Language } from '@kouyu/core';

const LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-CN', ru: 'ru' };

/** A date (and time) in the admin's language; the raw value when it cannot be read. */
export function formatDate(value: string, lang: Language, withTime = false): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(
    LOCALES[lang],
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(date);
}

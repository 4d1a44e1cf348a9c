import type { Language } from '@kouyu/core';

const LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-CN', ru: 'ru' };

const STYLES = {
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  withTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A date (or date and time) in the page language; the raw value when it cannot be read. */
export function formatDate(
  value: string | Date,
  lang: Language,
  style: keyof typeof STYLES = 'medium',
): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(LOCALES[lang], STYLES[style]).format(date);
}

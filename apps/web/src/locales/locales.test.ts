import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  SPEECH_ERROR_CODES,
  VALIDATION_MESSAGES,
  LANGUAGES,
  STUDY_TIPS_PER_LANGUAGE,
  MOTIVATIONAL_PHRASES_PER_LANGUAGE,
  FAQ_QUESTIONS,
} from '@kouyu/core';
import { resources } from '@/lib/i18n-resources';

/** Every leaf path of a nested object, arrays included (`tips.0`, `faq.items.2.q`). */
function paths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => paths(v, `${prefix}${i}.`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => paths(v, `${prefix}${k}.`));
  }
  return [prefix.slice(0, -1)];
}

function leaf(obj: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? Reflect.get(o, k) : undefined), obj);
}

// Plural forms differ by language (ru has few and many, en has not): keys are compared by their stem.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const stems = (keys: string[]) => [...new Set(keys.map((k) => k.replace(PLURAL, '')))].sort();

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  for (const ns of Object.keys(resources.en) as (keyof (typeof resources)['en'])[]) {
    const english = paths(resources.en[ns]).sort();
    for (const lang of LANGUAGES) {
      it(`${lang}/${ns} has every key of en/${ns}, none empty, same placeholders`, () => {
        const own = paths(resources[lang][ns]).sort();
        expect(stems(own)).toEqual(stems(english));
        for (const p of own) {
          const value = leaf(resources[lang][ns], p);
          expect(typeof value === 'string' && value.trim().length > 0, `${lang}/${ns}:${p} is empty`).toBe(
            true,
          );
          expect(placeholders(String(value)), `${lang}/${ns}:${p}`).toEqual(
            placeholders(
              String(leaf(resources.en[ns], p) ?? leaf(resources.en[ns], p.replace(PLURAL, '_other'))),
            ),
          );
        }
      });
    }
  }

  it('translate every error code and validation rule of core', () => {
    for (const lang of LANGUAGES) {
      for (const code of Object.keys(ERROR_MESSAGES))
        expect(leaf(resources[lang].common, `errors.${code}`), `${lang} errors.${code}`).toBeTypeOf('string');
      for (const key of Object.keys(VALIDATION_MESSAGES))
        expect(leaf(resources[lang].common, `validation.${key}`), `${lang} validation.${key}`).toBeTypeOf(
          'string',
        );
    }
  });

  it('gives every speech error its own text in every language, never the catch-all one', () => {
    for (const lang of LANGUAGES) {
      const texts = SPEECH_ERROR_CODES.map((code) => String(leaf(resources[lang].common, `errors.${code}`)));
      expect(new Set(texts).size, `${lang}: two speech codes share a text`).toBe(texts.length);
      expect(texts, lang).not.toContain(String(leaf(resources[lang].common, 'errors.internal')));
    }
  });

  it('has twenty study tips, ten phrases and five FAQ questions per language', () => {
    for (const lang of LANGUAGES) {
      expect(resources[lang].content.tips).toHaveLength(STUDY_TIPS_PER_LANGUAGE);
      expect(resources[lang].content.phrases).toHaveLength(MOTIVATIONAL_PHRASES_PER_LANGUAGE);
      expect(resources[lang].content.faq.items).toHaveLength(FAQ_QUESTIONS);
    }
  });
});

import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources } from '@/lib/i18n-resources';

/** A counted sentence reads right in each language: one, few and many in Russian, one form in Chinese. */
describe('counted texts', () => {
  it('use the plural forms of each language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'ru', fallbackLng: 'en', interpolation: { escapeValue: false } });
    const unanswered = (count: number) => i18n.t('hsk:run.unanswered', { lng: 'ru', count });
    const left = (count: number, list: string) =>
      i18n.t('speaking:warnings.answerAll', { lng: 'ru', count, list });
    expect(unanswered(1)).toMatch(/^1 вопрос остался/);
    expect(unanswered(3)).toMatch(/^3 вопроса остались/);
    expect(unanswered(5)).toMatch(/^5 вопросов остались/);
    expect(left(1, '7')).toMatch(/^Вопрос 7 остался/);
    expect(left(2, '7, 9')).toMatch(/^Вопросы 7, 9 остались/);
    expect(i18n.t('hsk:run.unanswered', { lng: 'en', count: 1 })).toBe(
      '1 question is still unanswered. Submit anyway?',
    );
    expect(i18n.t('speaking:warnings.answerAll', { lng: 'en', count: 14, list: '2–15' })).toBe(
      'Questions 2–15 are still unanswered: answer them before completing the test.',
    );
    expect(i18n.t('hsk:run.unanswered', { lng: 'zh', count: 2 })).toBe('还有 2 道题没有作答。仍然提交吗？');
  });
});

import { useTranslation } from 'react-i18next';
import { DICTATION_WORDS_FREE, DICTATION_WORDS_PLUS } from '@kouyu/core';

const ROWS = [
  'officialTests',
  'aiFeedback',
  'dictationWords',
  'wordsFromImage',
  'handwriting',
  'badge',
] as const;

/** What Plus gives, side by side with a free account (spec 000 §6). */
export function CompareTable() {
  const { t } = useTranslation();
  const cell = (row: (typeof ROWS)[number], plus: boolean) => {
    if (row === 'dictationWords') return String(plus ? DICTATION_WORDS_PLUS : DICTATION_WORDS_FREE);
    return plus ? '✓' : '—';
  };
  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-5 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold">{t('membership.compareTitle')}</h2>
      <table className="w-full text-sm" data-testid="plus-compare">
        <thead>
          <tr className="border-b border-line text-left">
            <th scope="col" className="py-2 font-medium text-ink-muted">
              <span className="sr-only">{t('membership.feature')}</span>
            </th>
            <th scope="col" className="py-2 text-center font-medium">
              {t('membership.free')}
            </th>
            <th scope="col" className="py-2 text-center font-semibold text-brand">
              Plus
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row} className="border-b border-line last:border-0">
              <th scope="row" className="py-2 text-left font-normal">
                {t(`membership.features.${row}`)}
              </th>
              <td
                className="py-2 text-center text-ink-muted"
                aria-label={cell(row, false) === '—' ? t('membership.no') : undefined}
              >
                {cell(row, false)}
              </td>
              <td
                className="py-2 text-center font-semibold text-success"
                aria-label={cell(row, true) === '✓' ? t('membership.yes') : undefined}
              >
                {cell(row, true)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

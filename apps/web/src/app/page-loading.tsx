import { useTranslation } from 'react-i18next';

/**
 * Shown while a page's chunk loads: as tall as a short page, so the footer does not jump up and back
 * down (layout shift) when the page arrives.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div
      className="min-h-[70vh] px-4 py-16 text-center text-ink-muted"
      role="status"
      aria-live="polite"
      data-testid="page-loading"
    >
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { LocalLink } from './local-link';
import { buttonClass } from './button';

/** Placeholder for a page whose feature has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="coming-soon">
      <h1 className="mb-3 text-2xl font-semibold">{title}</h1>
      <p className="mb-8 text-ink-muted">{t('common.comingSoon')}</p>
      <LocalLink to="/" className={buttonClass('secondary')}>
        {t('common.backHome')}
      </LocalLink>
    </section>
  );
}

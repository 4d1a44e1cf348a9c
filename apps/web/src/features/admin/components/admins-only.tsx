import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';

/** What a signed-in user without the admin role sees (the server refuses them with 403 too). */
export function AdminsOnly() {
  const { t } = useTranslation('admin');
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="admin-forbidden">
      <h1 className="mb-3 text-2xl font-semibold">{t('forbidden.title')}</h1>
      <p className="mb-8 text-ink-muted">{t('forbidden.text')}</p>
      <LocalLink to="/" className={buttonClass('secondary')}>
        {t('forbidden.home')}
      </LocalLink>
    </section>
  );
}

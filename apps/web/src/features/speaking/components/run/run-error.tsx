import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';

/** A run that cannot be shown: the reason and the way home. */
export function RunError({ message, action }: { message: string; action?: ReactNode }) {
  const { t } = useTranslation('speaking');
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-16 text-center"
      role="alert"
      data-testid="run-error"
    >
      <h1 className="text-2xl font-semibold">{t('run.errorTitle')}</h1>
      <p className="text-ink-muted">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {action}
        <LocalLink to="/" className={buttonClass('secondary')}>
          {t('run.returnHome')}
        </LocalLink>
      </div>
    </section>
  );
}

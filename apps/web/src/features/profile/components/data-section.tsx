import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { ApiError } from '@/lib/api';
import { useExportData } from '../api/export-data';
import { Section } from './section';

/** "Your data" (the rights of the privacy policy): export everything, or delete the account. */
export function DataSection({ deleteAccount }: { deleteAccount: ReactNode }) {
  const { t } = useTranslation();
  const exporter = useExportData();
  return (
    <Section title={t('profile.data')} testId="profile-data">
      <p className="mb-4 text-sm text-ink-muted">
        {t('profile.dataIntro')}{' '}
        <LocalLink to="/privacy" className="underline">
          {t('footer.privacy')}
        </LocalLink>
      </p>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm">{t('profile.exportHint')}</p>
          <Button
            variant="secondary"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate()}
            data-testid="export-data"
          >
            {exporter.isPending ? t('common.loading') : t('profile.export')}
          </Button>
        </div>
        {exporter.error ? (
          <p role="alert" className="text-sm text-danger">
            {t(`errors.${exporter.error instanceof ApiError ? exporter.error.code : 'internal'}`)}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-4">
          <p className="text-sm">{t('profile.deleteHint')}</p>
          {deleteAccount}
        </div>
      </div>
    </Section>
  );
}

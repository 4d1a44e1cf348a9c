import { useTranslation } from 'react-i18next';
import { POINT_REASONS } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { usePointsHistory } from '../api/get-points-history';
import { formatDate } from '@/lib/format-date';
import { Section } from './section';

type Reason = (typeof POINT_REASONS)[number];
const isReason = (value: string): value is Reason => (POINT_REASONS as readonly string[]).includes(value);

/** The balance and its ledger. */
export function PointsSection({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const history = usePointsHistory();
  return (
    <Section title={t('profile.points')} testId="profile-points">
      <p className="mb-4 text-3xl font-semibold" data-testid="profile-balance">
        {balance}
      </p>
      <h3 className="mb-2 text-sm font-semibold text-ink-muted">{t('profile.history')}</h3>
      {history.isPending ? <p className="text-sm text-ink-muted">{t('common.loading')}</p> : null}
      {history.isError ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-danger">
          {t('profile.historyFailed')}
          <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : null}
      {history.data && history.data.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('profile.noHistory')}</p>
      ) : null}
      {history.data && history.data.data.length > 0 ? (
        <table className="w-full text-sm" data-testid="points-history">
          <thead>
            <tr className="text-left text-ink-muted">
              <th scope="col" className="py-1 font-medium">
                {t('profile.date')}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('profile.reason')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('profile.change')}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.data.data.map((entry) => (
              <tr key={entry.id} className="border-t border-line">
                <td className="py-2">{formatDate(entry.created_at, lang, 'withTime')}</td>
                <td className="py-2">
                  {isReason(entry.reason) ? t(`profile.reasons.${entry.reason}`) : entry.reason}
                </td>
                <td
                  className={`py-2 text-right font-mono ${entry.delta >= 0 ? 'text-success' : 'text-danger'}`}
                >
                  {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Section>
  );
}

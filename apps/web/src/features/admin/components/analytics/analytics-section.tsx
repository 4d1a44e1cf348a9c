import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analyticsDay } from '@kouyu/core';
import { useAnalytics } from '../../api/get-analytics';
import { LoadError, Loading, Panel, inputClass } from '../parts';
import { GoalsChart } from './goals-chart';

const DAY_MS = 24 * 3600 * 1000;

/** The overview's analytics: the three goals over a chosen span, and which API errors happen most. */
export function AnalyticsSection() {
  const { t } = useTranslation('analytics');
  const [to, setTo] = useState(() => analyticsDay(new Date()));
  const [from, setFrom] = useState(() => analyticsDay(new Date(Date.now() - 29 * DAY_MS)));
  const report = useAnalytics({ from, to });

  return (
    <Panel
      title={t('title')}
      testId="admin-analytics"
      actions={
        <div className="flex flex-wrap items-end gap-2 text-sm">
          <label className="flex flex-col gap-1">
            {t('from')}
            <input
              type="date"
              className={inputClass}
              value={from}
              max={to}
              onChange={(e) => e.target.value && setFrom(e.target.value)}
              data-testid="analytics-from"
            />
          </label>
          <label className="flex flex-col gap-1">
            {t('to')}
            <input
              type="date"
              className={inputClass}
              value={to}
              min={from}
              onChange={(e) => e.target.value && setTo(e.target.value)}
              data-testid="analytics-to"
            />
          </label>
        </div>
      }
    >
      <p className="text-sm text-ink-muted">{t('privacy')}</p>
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <GoalsChart days={report.data.data.goals} />
          <h3 className="font-semibold">{t('errors.title')}</h3>
          {report.data.data.errors.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('errors.none')}</p>
          ) : (
            <table className="w-full text-left text-sm" data-testid="analytics-errors">
              <thead className="text-ink-muted">
                <tr>
                  <th className="py-1 font-medium">{t('errors.code')}</th>
                  <th className="py-1 text-right font-medium">{t('errors.count')}</th>
                </tr>
              </thead>
              <tbody>
                {report.data.data.errors.map((e) => (
                  <tr key={e.code} className="border-t border-line">
                    <td className="py-1 font-mono">{e.code}</td>
                    <td className="py-1 text-right tabular-nums">{e.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Panel>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictationSession } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { Alert } from '@/components/ui/alert';
import { useDictationResults } from '../api/get-results';
import type { DictationViewer } from '../hooks/use-viewer';
import { AnalysisView } from './analysis-view';

/** "Past sessions" from `GET /dictation/results`: newest first, paged; each opens to its result. */
export function PastSessions({
  viewer,
  onReuse,
}: {
  viewer: DictationViewer;
  onReuse: (session: DictationSession) => void;
}) {
  const { t } = useTranslation('dictation');
  const lang = useLang();
  const [page, setPage] = useState(1);
  const results = useDictationResults(page, viewer.userId);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });

  if (!viewer.signedIn) return <p className="text-sm text-ink-muted">{t('past.loginHint')}</p>;
  if (results.isError) return <Alert tone="error">{t('past.failed')}</Alert>;
  if (!results.data) return <p className="text-sm text-ink-muted">{t('past.loading')}</p>;
  const { data, pagination } = results.data;
  if (data.length === 0)
    return (
      <p className="text-sm text-ink-muted" data-testid="past-empty">
        {t('past.empty')}
      </p>
    );

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2" data-testid="past-sessions">
        {data.map((s) => (
          <li key={s.id} className="rounded-lg border border-line" data-testid="past-session">
            <details className="group">
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-3 focus-visible:outline-2 focus-visible:outline-brand">
                <span className="font-medium tabular-nums">
                  {s.score === null ? t('past.noScore') : t('past.score', { score: s.score })}
                </span>
                <span lang="zh" className="min-w-0 flex-1 truncate">
                  {s.words.join('、')}
                </span>
                <span className="text-sm text-ink-muted">{date.format(new Date(s.created_at))}</span>
              </summary>
              <div className="flex flex-col gap-3 border-t border-line p-3">
                <p className="text-sm text-ink-muted">
                  {t('past.words', { count: s.words.length })} ·{' '}
                  {t('past.interval', { seconds: s.interval_s })}
                </p>
                {s.analysis ? (
                  <AnalysisView analysis={s.analysis} recognizedText={s.recognized_text} />
                ) : null}
                <Button variant="secondary" size="sm" className="self-start" onClick={() => onReuse(s)}>
                  {t('past.again')}
                </Button>
              </div>
            </details>
          </li>
        ))}
      </ul>
      {pagination.total_pages > 1 ? (
        <nav className="flex items-center justify-between gap-2" aria-label={t('past.pages')}>
          <Button
            variant="ghost"
            size="sm"
            disabled={!pagination.has_previous}
            onClick={() => setPage((p) => p - 1)}
          >
            {t('past.newer')}
          </Button>
          <span className="text-sm text-ink-muted">
            {t('past.page', { page: pagination.current_page, total: pagination.total_pages })}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={!pagination.has_next}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('past.older')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HskAttemptSummary } from '@kouyu/core';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { useHskAttempt } from '../api/get-attempt';
import { useHskAttempts } from '../api/get-attempts';
import { formatClock } from '../lib/blocks';
import { ItemResult } from './item-result';

/** The signed-in user's HSK attempts, newest first, each with its scored answers on demand (for /results). */
export function HskAttemptsList() {
  const { t } = useTranslation(['hsk', 'common']);
  const lang = useLang();
  const [page, setPage] = useState(1);
  const attempts = useHskAttempts(page, lang);
  const list = attempts.data;
  return (
    <section aria-labelledby="hsk-attempts-title" className="flex flex-col gap-3" data-testid="hsk-attempts">
      <div className="flex items-center justify-between gap-3">
        <h2 id="hsk-attempts-title" className="text-xl font-semibold">
          {t('attempts.title')}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void attempts.refetch()}
          disabled={attempts.isFetching}
        >
          {t('attempts.refresh')}
        </Button>
      </div>
      {attempts.isPending ? <p className="text-ink-muted">{t('common:common.loading')}</p> : null}
      {attempts.isError ? (
        <p role="alert" className="text-danger">
          {t('attempts.failed')}
        </p>
      ) : null}
      {list && list.data.length === 0 ? (
        <p className="text-ink-muted">
          {t('attempts.empty')}{' '}
          <LocalLink to="/hsk/1" className="text-brand underline">
            {t('attempts.start')}
          </LocalLink>
        </p>
      ) : null}
      {list && list.data.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {list.data.map((a) => (
            <AttemptRow key={a.id} attempt={a} />
          ))}
        </ul>
      ) : null}
      {list && list.pagination.total_pages > 1 ? (
        <nav className="flex items-center gap-3" aria-label={t('attempts.pages')}>
          <Button
            variant="secondary"
            size="sm"
            disabled={!list.pagination.has_previous}
            onClick={() => setPage((p) => p - 1)}
          >
            {t('attempts.previous')}
          </Button>
          <span className="text-sm">
            {t('attempts.page', { page: list.pagination.current_page, pages: list.pagination.total_pages })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={!list.pagination.has_next}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('attempts.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function AttemptRow({ attempt: a }: { attempt: HskAttemptSummary }) {
  const { t } = useTranslation('hsk');
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const detail = useHskAttempt(a.id, lang, open);
  const detailId = `hsk-attempt-${a.id}`;
  return (
    <li className="rounded-2xl border border-line bg-surface-raised p-4" data-testid="hsk-attempt">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="font-semibold">{a.title}</span>
          <span className="text-sm text-ink-muted">
            {new Date(a.created_at).toLocaleString(lang)}
            {a.mode === 'test' ? ` · ${t('attempts.timed')}` : ''}
            {a.duration_s !== null ? ` · ${formatClock(a.duration_s)}` : ''}
          </span>
        </div>
        <span className={cn('font-semibold', a.passed ? 'text-success' : 'text-warning')}>
          {t('result.score', { score: a.score, max: a.max_score })} · {a.percent}%
        </span>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('attempts.hide') : t('attempts.show')}
        </Button>
        <LocalLink
          to={`/hsk/${a.level}/${a.section}/question/${a.number}`}
          className={buttonClass('ghost', 'sm')}
        >
          {t('attempts.again')}
        </LocalLink>
      </div>
      {open ? (
        <div id={detailId} className="mt-3 flex flex-col gap-2">
          {detail.isPending ? <p className="text-sm text-ink-muted">{t('attempts.loadingDetail')}</p> : null}
          {detail.isError ? <p className="text-sm text-danger">{t('attempts.failed')}</p> : null}
          {detail.data?.data.items.map((item) => (
            <div key={item.id} className="flex flex-col gap-1">
              <p className="text-sm font-medium">
                {t('item.number', { n: item.number })} · {t(`types.${item.type}`)}
              </p>
              <ItemResult result={item} />
            </div>
          ))}
        </div>
      ) : null}
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import type { HskSetCard } from '@kouyu/core';
import { hasTimedListening } from '@kouyu/core';
import { buttonClass, PRIMARY_ACTION } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';

/** A practice set: what it asks, how long, the last result, and how to start it. */
export function SetCard({ set }: { set: HskSetCard }) {
  const { t } = useTranslation('hsk');
  const lang = useLang();
  const base = `/hsk/${set.level}/${set.section}`;
  const timed = set.section === 'listening' && hasTimedListening(set.level);
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm"
      aria-labelledby={`set-${set.id}`}
      data-testid="hsk-set-card"
      data-set-id={set.id}
    >
      <h2 id={`set-${set.id}`} className="text-lg font-semibold">
        {set.title}
      </h2>
      <ul className="flex flex-wrap gap-1" aria-label={t('sectionPage.types')}>
        {set.types.map((type) => (
          <li key={type} className="rounded-full bg-surface-sunken px-2 py-0.5 text-xs">
            {t(`types.${type}`)}
          </li>
        ))}
      </ul>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
        <div className="flex gap-1">
          <dt>{t('sectionPage.questions')}</dt>
          <dd>{set.item_count}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('sectionPage.time')}</dt>
          <dd>{t('sectionPage.minutes', { n: set.time_limit })}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('sectionPage.points')}</dt>
          <dd>{set.max_score}</dd>
        </div>
      </dl>
      {set.last_attempt ? (
        <p className="text-sm" data-testid="hsk-last-attempt">
          {t('sectionPage.last', {
            percent: set.last_attempt.percent,
            date: new Date(set.last_attempt.created_at).toLocaleDateString(lang),
          })}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <LocalLink
          to={`${base}/question/${set.number}`}
          className={buttonClass('primary')}
          {...PRIMARY_ACTION}
          data-testid="hsk-practice"
        >
          {t('sectionPage.practice')}
        </LocalLink>
        {timed ? (
          <LocalLink
            to={`${base}/test/${set.number}`}
            className={buttonClass('secondary')}
            data-testid="hsk-timed"
          >
            {t('sectionPage.timed')}
          </LocalLink>
        ) : null}
      </div>
    </article>
  );
}

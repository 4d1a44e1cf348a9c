import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LessonReviewView } from '@/components/lesson-review/lesson-review-view';
import { PlusNotice } from '@/components/lesson-review/plus-notice';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';
import type { GuestTry } from '../../lib/guest-try';

/** A guest's last free try, kept on the device: its average and, unfolded, each answer's score and review. */
export function GuestLastTry({ kept }: { kept: GuestTry }) {
  const { t } = useTranslation('speaking');
  const lang = useLang();
  const [open, setOpen] = useState(false);
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4"
      aria-labelledby="guest-last-try"
      data-testid="guest-last-try"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="guest-last-try" className="text-lg font-semibold">
            {t('lastTry.title')}
          </h2>
          <p className="text-sm text-ink-muted">
            {t('lastTry.text', { test: kept.testName, date: formatDate(new Date(kept.savedAt), lang) })}
          </p>
        </div>
        {kept.average !== null ? (
          <p className="text-lg font-semibold text-brand" data-testid="guest-last-try-average">
            {t('lastTry.average', { score: kept.average })}
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="guest-last-try-toggle"
      >
        {open ? t('lastTry.hide') : t('lastTry.show')}
      </Button>
      {open ? (
        <>
          <PlusNotice access="sign_in" />
          <ol className="flex flex-col gap-3">
            {kept.items.map((item) => (
              <li
                key={item.runNumber}
                className="flex flex-col gap-2 rounded-xl bg-surface-sunken p-3"
                data-testid="guest-last-try-item"
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold">{t('lastTry.question', { n: item.runNumber })}</h3>
                  <span className="font-semibold text-brand">
                    {item.saved ? t('feedback.score', { score: item.saved.score }) : t('lastTry.noScore')}
                  </span>
                </div>
                {item.saved?.review ? <LessonReviewView review={item.saved.review} /> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import type { ReviewAccess } from '@kouyu/core';

/** Bars of a held-back text: nothing of it reaches the page, only its place. */
function Bars({ widths }: { widths: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1.5 py-1">
      {widths.map((w, i) => (
        <span key={i} className={`inline-block h-3.5 rounded bg-ink-muted/40 ${w}`} />
      ))}
    </span>
  );
}

/**
 * Where a reader without Plus would read the original question and their answer (spec 001 §6): the
 * same two headings over a blurred place, with "Plus membership required", or for a guest a sign-in
 * prompt. The texts themselves are never rendered (the results route does not even send them); the
 * review's one notice holds the Get Plus or Sign in button.
 */
export function HeldBackAnswer({
  access,
  originalLabel,
  answerLabel,
}: {
  access: Exclude<ReviewAccess, 'full'>;
  originalLabel: string;
  answerLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative rounded-lg" data-testid="review-held-back" data-access={access}>
      <dl className="grid gap-2 text-sm blur-[3px] select-none sm:grid-cols-2" aria-hidden="true">
        <div>
          <dt className="text-ink-muted">{originalLabel}</dt>
          <dd>
            <Bars widths={['w-16', 'w-24', 'w-10']} />
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{answerLabel}</dt>
          <dd>
            <Bars widths={['w-20', 'w-12', 'w-16']} />
          </dd>
        </div>
      </dl>
      <p className="absolute inset-0 flex items-center justify-center px-2 text-center text-sm font-semibold">
        <span className="rounded-full bg-surface-raised/90 px-3 py-1 shadow-sm">
          {access === 'sign_in' ? t('lessonReview.notice.signInTitle') : t('lessonReview.notice.plusTitle')}
        </span>
      </p>
    </div>
  );
}

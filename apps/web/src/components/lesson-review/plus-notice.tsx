import { useTranslation } from 'react-i18next';
import type { ReviewAccess } from '@kouyu/core';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';

/**
 * The one notice of a review (spec 001 §6) — once per review, not per question: Plus shows the
 * questions, the answers and the full review; a guest signs in first.
 */
export function PlusNotice({ access, next }: { access: ReviewAccess; next?: string }) {
  const { t } = useTranslation();
  if (access === 'full') return null;
  const signIn = access === 'sign_in';
  return (
    <aside
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand bg-brand-soft p-4"
      data-testid="review-plus-notice"
      data-access={access}
    >
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          {signIn ? t('lessonReview.notice.signInTitle') : t('lessonReview.notice.plusTitle')}
        </p>
        <p className="text-sm">
          {signIn ? t('lessonReview.notice.signInText') : t('lessonReview.notice.plusText')}
        </p>
      </div>
      <LocalLink
        to={signIn ? `/auth?mode=login${next ? `&next=${encodeURIComponent(next)}` : ''}` : '/plus'}
        className={buttonClass('primary', 'sm')}
      >
        {signIn ? t('lessonReview.notice.signIn') : t('lessonReview.notice.getPlus')}
      </LocalLink>
    </aside>
  );
}

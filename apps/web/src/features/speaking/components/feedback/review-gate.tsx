import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';

/**
 * The review of original questions and own answers (spec 001 §6): guests get a sign-in prompt
 * instead, signed-in non-official learners see it blurred behind "Plus membership required", Plus
 * members see it.
 */
export function ReviewGate({
  signedIn,
  official,
  children,
}: {
  signedIn: boolean;
  official: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('speaking');
  const location = useLocation();
  if (official) return children;
  if (!signedIn) {
    const next = encodeURIComponent(location.pathname);
    return (
      <div
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-line p-3"
        data-testid="review-signin"
      >
        <p className="text-sm text-ink-muted">{t('feedback.signInToReview')}</p>
        <LocalLink to={`/auth?mode=login&next=${next}`} className={buttonClass('secondary', 'sm')}>
          {t('feedback.signIn')}
        </LocalLink>
      </div>
    );
  }
  return (
    <div className="relative" data-testid="review-plus">
      <div className="pointer-events-none select-none blur-sm" aria-hidden="true" inert>
        {children}
      </div>
      <div className="absolute inset-0 flex flex-wrap items-center justify-center gap-3 rounded-lg bg-surface-raised/70 p-3">
        <p className="text-sm font-medium">{t('feedback.plusRequired')}</p>
        <LocalLink to="/plus" className={buttonClass('primary', 'sm')}>
          {t('feedback.getPlus')}
        </LocalLink>
      </div>
    </div>
  );
}

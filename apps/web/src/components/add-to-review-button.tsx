import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewAddCardBody } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { Icon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api';
import { useAddReviewCard } from '@/lib/review-cards';
import { getSession, subscribeSession } from '@/lib/session';

interface Props {
  card: ReviewAddCardBody;
  className?: string;
}

/**
 * The "+" that puts a word or an idiom into the learner's review, then says "In your review". Guests
 * have no review, so they see nothing, and a list of words costs them no mutation per row.
 */
export function AddToReviewButton(props: Props) {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return session.token && session.user ? <AddToReview {...props} /> : null;
}

function AddToReview({ card, className }: Props) {
  const { t } = useTranslation();
  const add = useAddReviewCard();
  const state = add.isSuccess ? 'added' : add.isPending ? 'adding' : add.isError ? 'failed' : 'idle';
  const label = add.isSuccess ? t('review.add.added') : t('review.add.label', { hanzi: card.hanzi });
  return (
    <span className={cn('inline-flex flex-col items-end', className)}>
      <button
        type="button"
        aria-label={label}
        title={label}
        data-testid="add-to-review"
        data-state={state}
        disabled={add.isPending || add.isSuccess}
        onClick={() => add.mutate(card)}
        className={cn(
          'inline-flex h-9 shrink-0 items-center justify-center gap-1 rounded-full px-2 text-sm transition-colors',
          'hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-default',
          add.isSuccess ? 'text-brand' : 'text-ink-muted hover:text-brand',
        )}
      >
        <Icon width={20} height={20} className={add.isPending ? 'animate-pulse' : undefined}>
          {add.isSuccess ? <path d="M5 12l5 5 9-10" /> : <path d="M12 5v14M5 12h14" />}
        </Icon>
        {add.isSuccess ? (
          <span className="whitespace-nowrap text-xs font-medium">{t('review.add.added')}</span>
        ) : null}
      </button>
      {add.isError ? (
        <span role="alert" className="text-xs text-danger">
          {t(`errors.${add.error instanceof ApiError ? add.error.code : 'internal'}`)}
        </span>
      ) : null}
    </span>
  );
}

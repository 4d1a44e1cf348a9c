import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';
import { useReviewSession } from '../hooks/use-review-session';
import { useUserId } from '../hooks/use-user-id';
import type { Abilities } from '../lib/pick-mode';
import { AddWordForm } from './add-word-form';
import { EmptyState } from './empty-state';
import { ReviewCardView } from './review-card';
import { StatsHeader } from './stats-header';
import { VoiceToolsContext, useVoiceTools } from './voice-tools';
import type { VoiceTools } from './voice-tools';

/** `/{lang}/review`: the learner's own mistakes, due today, one card at a time (decision 018). */
export function ReviewPage({ voice = null }: { voice?: VoiceTools | null }) {
  return (
    <VoiceToolsContext.Provider value={voice}>
      <div
        className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-8 sm:py-10"
        data-testid="review-page"
      >
        <Review />
      </div>
    </VoiceToolsContext.Provider>
  );
}

function Review() {
  const { t } = useTranslation();
  const userId = useUserId();
  return (
    <>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('review.title')}</h1>
        <p className="text-ink-muted">{t('review.intro')}</p>
      </header>
      {userId === null ? null : <Session userId={userId} />}
    </>
  );
}

function Session({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const voice = useVoiceTools();
  const session = useReviewSession(userId);
  const abilities: Abilities = {
    online: session.online,
    canRecord: voice !== null && voice.supported(),
    // The stroke-order quiz loads with the first write card; characters without data say so there.
    canWrite: true,
  };
  const { due, current } = session;
  return (
    <>
      <StatsHeader userId={userId} kept={session.kept} />
      {due.data?.offline ? <Alert testId="review-offline">{t('review.offline')}</Alert> : null}
      <div
        aria-live="polite"
        className="flex flex-col gap-4"
        data-testid="review-area"
        data-left={session.left}
      >
        {due.isPending ? (
          <p className="text-ink-muted">{t('review.loading')}</p>
        ) : due.isError ? (
          <Alert tone="error" testId="review-error">
            {session.online
              ? t(`errors.${due.error instanceof ApiError ? due.error.code : 'internal'}`)
              : t('review.offlineNoCards')}
          </Alert>
        ) : current ? (
          <ReviewCardView
            key={current.id}
            card={current}
            abilities={abilities}
            onAnswer={(rating, mode) => void session.answer(current, rating, mode)}
          />
        ) : (
          <EmptyState nextDue={session.nextDue} />
        )}
      </div>
      <AddWordForm />
    </>
  );
}

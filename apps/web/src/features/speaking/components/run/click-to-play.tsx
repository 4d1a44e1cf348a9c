import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/control-icons';

/** Shown when the browser needs a gesture before audio can start; dismissed after 10 s by its owner. */
export function ClickToPlay({ onPlay, onDismiss }: { onPlay: () => void; onDismiss: () => void }) {
  const { t } = useTranslation(['speaking', 'common']);
  return (
    <div
      className="fixed inset-x-4 bottom-24 z-30 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-brand/40 bg-surface-raised p-4 shadow-xl md:bottom-8"
      role="alertdialog"
      aria-labelledby="click-to-play-text"
      data-testid="click-to-play"
    >
      <p id="click-to-play-text" className="flex-1 text-sm">
        {t('listen.clickToPlay')}
      </p>
      <Button onClick={onPlay} data-testid="click-to-play-button">
        <PlayIcon />
        {t('listen.play')}
      </Button>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded p-1 text-ink-muted hover:bg-surface-sunken"
        aria-label={t('common:common.close')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

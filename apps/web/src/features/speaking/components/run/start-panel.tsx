import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { MicIcon } from '../icons';

/** Before the run starts: what happens, and the start button (which asks for the microphone). */
export function StartPanel({ questions, onStart }: { questions: number; onStart: () => void }) {
  const { t } = useTranslation('speaking');
  return (
    <section
      className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface-raised p-6"
      data-testid="start-panel"
    >
      <h2 className="text-xl font-semibold">{t('run.readyTitle')}</h2>
      <p className="text-ink-muted">{t('run.readyText', { n: questions })}</p>
      <Button size="lg" onClick={onStart} data-testid="start-test">
        <MicIcon />
        {t('run.start')}
      </Button>
    </section>
  );
}

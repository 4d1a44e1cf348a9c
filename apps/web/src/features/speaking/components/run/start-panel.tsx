import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { MicIcon } from '@/components/ui/control-icons';

export interface StartPanelProps {
  questions: number;
  /** The server has no recogniser: answers are typed from question 1 and no microphone is asked for. */
  typing: boolean;
  /** The browser can recognise speech itself (offered under each answer when typing). */
  browserRecognition: boolean;
  onStart: () => void;
}

/** Before the run starts: what happens, the start button, and the microphone check one click away. */
export function StartPanel({ questions, typing, browserRecognition, onStart }: StartPanelProps) {
  const { t } = useTranslation('speaking');
  return (
    <section
      className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface-raised p-6"
      data-testid="start-panel"
      data-typing={typing}
    >
      <h2 className="text-xl font-semibold">{t('run.readyTitle')}</h2>
      <p className="text-ink-muted">{t('run.readyText', { n: questions })}</p>
      {typing ? (
        <p className="rounded-lg bg-surface-sunken p-3 text-sm" role="note" data-testid="no-recogniser">
          {browserRecognition ? t('run.noRecogniserBrowser') : t('run.noRecogniser')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button size="lg" onClick={onStart} data-testid="start-test">
          <MicIcon />
          {typing ? t('run.startTyping') : t('run.start')}
        </Button>
        <LocalLink to="/speech-recognition" className="text-sm underline" data-testid="start-mic-check">
          {t('run.checkMic')}
        </LocalLink>
      </div>
    </section>
  );
}

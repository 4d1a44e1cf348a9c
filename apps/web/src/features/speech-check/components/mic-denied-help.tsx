import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { browserFamily } from '../lib/speech-check';

const STEPS = ['one', 'two', 'three'] as const;

/** How to allow a blocked microphone, in the settings of the browser the learner is using. */
export function MicDeniedHelp() {
  const { t } = useTranslation('check');
  const browser = browserFamily(navigator.userAgent);
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-danger/30 bg-danger/5 p-4"
      role="alert"
      data-testid="check-mic-denied"
      data-browser={browser}
    >
      <p className="font-medium">{t('mic.denied.title')}</p>
      <p className="text-sm">{t('mic.denied.text', { browser: t(`mic.denied.browsers.${browser}`) })}</p>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        {STEPS.map((step) => (
          <li key={step}>{t(`mic.denied.steps.${browser}.${step}`)}</li>
        ))}
      </ol>
      <p className="text-sm text-ink-muted">{t('mic.denied.system')}</p>
      <Button variant="secondary" className="self-start" onClick={() => window.location.reload()}>
        {t('mic.denied.refresh')}
      </Button>
    </div>
  );
}

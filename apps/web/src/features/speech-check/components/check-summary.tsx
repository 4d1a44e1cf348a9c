import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useModals } from '@/lib/modals';
import type { CheckHint, CheckSummary as Summary } from '../lib/speech-check';

/** What the check found: ready with the way to the HSKK levels, or a hint for each step not passed. */
export function CheckSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation('check');
  const { open } = useModals();
  const hintText = (hint: CheckHint) => {
    switch (hint.step) {
      case 'mic':
        return t(`summary.hints.mic.${hint.state}`);
      case 'network':
        return t(`summary.hints.network.${hint.state}`);
      case 'recognition':
        return t(`summary.hints.recognition.${hint.state}`);
    }
  };
  return (
    <section
      className={cn(
        'flex flex-col gap-3 rounded-2xl border p-5',
        summary.ready && summary.recognitionWorks ? 'border-success/40 bg-success/5' : 'border-line',
      )}
      aria-labelledby="check-summary-title"
      data-testid="check-summary"
      data-ready={summary.ready}
    >
      <h2 id="check-summary-title" className="text-lg font-semibold">
        {t('summary.title')}
      </h2>
      {/* "You are ready" only when recognition works; without it the learner can still type answers. */}
      <p className="font-medium" data-testid="check-summary-verdict">
        {summary.ready
          ? summary.recognitionWorks
            ? t('summary.ready')
            : t('summary.readyTyping')
          : t('summary.notReady')}
      </p>
      {summary.hints.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="check-hints">
          {summary.hints.map((hint) => (
            <li key={hint.step} data-step={hint.step} data-state={hint.state}>
              {hintText(hint)}
            </li>
          ))}
        </ul>
      ) : null}
      {summary.ready ? (
        <Button
          size="lg"
          className="self-start"
          onClick={() => open('hskk')}
          data-testid="check-choose-level"
        >
          {t('summary.chooseLevel')}
        </Button>
      ) : null}
    </section>
  );
}

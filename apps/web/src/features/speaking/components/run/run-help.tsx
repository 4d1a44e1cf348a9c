import { useTranslation } from 'react-i18next';
import { DebugLogPanel } from '@/components/ui/debug-log-panel';
import { LocalLink } from '@/components/ui/local-link';

/**
 * Below the run, folded: what to do when sound or the microphone fails, and the connection log for a
 * bug report. Diagnostics, not part of a learner's way through the test, so not in the sidebar.
 */
export function RunHelp() {
  const { t } = useTranslation('speaking');
  return (
    <details className="rounded-2xl border border-line p-4 text-sm" data-testid="run-help">
      <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-brand">
        {t('run.help.title')}
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        <p className="text-ink-muted">
          {t('run.help.text')}{' '}
          <LocalLink to="/speech-recognition" className="text-brand underline" data-testid="run-help-check">
            {t('run.help.check')}
          </LocalLink>
        </p>
        <DebugLogPanel />
      </div>
    </details>
  );
}

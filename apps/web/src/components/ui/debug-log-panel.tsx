import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button';
import { debugEntries, formatDebugLog, subscribeDebugLog } from '@/lib/debug-log';

/**
 * The last 50 events of the speech pipeline (sockets, retries, playback, microphone, pings), folded
 * away until a learner or a teacher needs them; the copy button puts them into a bug report.
 */
export function DebugLogPanel() {
  const { t } = useTranslation();
  const entries = useSyncExternalStore(subscribeDebugLog, debugEntries, debugEntries);
  const text = formatDebugLog(entries);
  return (
    <details className="group rounded-lg text-sm" data-testid="debug-log">
      <summary className="cursor-pointer rounded-lg py-1 font-medium focus-visible:outline-2 focus-visible:outline-brand">
        {t('debugLog.title', { count: entries.length })}
      </summary>
      <p className="mt-2 text-xs text-ink-muted">{t('debugLog.hint')}</p>
      {entries.length === 0 ? (
        <p className="mt-2 text-ink-muted">{t('debugLog.empty')}</p>
      ) : (
        <>
          <pre
            className="mt-2 max-h-60 overflow-auto rounded-lg bg-surface p-2 font-mono text-xs leading-relaxed whitespace-pre-wrap"
            data-testid="debug-log-entries"
          >
            {text}
          </pre>
          <div className="mt-2">
            <CopyButton text={text} label={t('debugLog.copy')} />
          </div>
        </>
      )}
    </details>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

/** "Question X of N", the part, the question navigator and collapsible instructions. */
export function RunSidebar({
  number,
  total,
  part,
  instructions,
  navigator,
}: {
  number: number;
  total: number;
  part: number;
  instructions: string;
  navigator?: ReactNode;
}) {
  const { t } = useTranslation('speaking');
  const [open, setOpen] = useState(true);
  return (
    <aside
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4"
      aria-label={t('run.sidebar')}
    >
      <p className="text-lg font-semibold" data-testid="run-progress" aria-live="polite">
        {t('run.progress', { n: number, total })}
      </p>
      <p className="text-sm text-ink-muted">{t('selection.part', { part })}</p>
      {navigator}
      <div>
        <button
          type="button"
          className="flex w-full items-center justify-between rounded-lg py-1 text-left font-medium focus-visible:outline-2 focus-visible:outline-brand"
          aria-expanded={open}
          aria-controls="run-instructions"
          onClick={() => setOpen((o) => !o)}
        >
          {t('run.instructions')}
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
        {open ? (
          <p id="run-instructions" className="mt-2 whitespace-pre-line text-sm text-ink-muted">
            {instructions || t('run.noInstructions')}
          </p>
        ) : null}
      </div>
    </aside>
  );
}

import { useTranslation } from 'react-i18next';
import type { TestListItem, TestMode, Viewer } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { MODES, modeBlock, modeKey } from '../../lib/test-list';
import type { ModeBlock } from '../../lib/test-list';

function useBlockText() {
  const { t } = useTranslation('speaking');
  return (block: ModeBlock): string => {
    switch (block.key) {
      case 'loginRequired':
        return t('selection.loginRequired');
      case 'plusRequired':
        return t('selection.lockOfficial');
      case 'missingPart':
        return t('selection.missingPart', { part: block.part });
      case 'partUnavailable':
        return t('selection.partUnavailable', { part: block.part });
    }
  };
}

/** Full test and parts 1-3; a mode that cannot be opened is disabled and says why. */
export function ModeButtons({
  test,
  viewer,
  mode,
  onMode,
}: {
  test: TestListItem;
  viewer: Viewer;
  mode: TestMode | null;
  onMode: (mode: TestMode) => void;
}) {
  const { t } = useTranslation('speaking');
  const blockText = useBlockText();
  return (
    <div role="group" aria-label={t('selection.modes')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {MODES.map((m) => {
        const block = modeBlock(test, m, viewer);
        const active = mode !== null && modeKey(mode) === modeKey(m);
        const reason = block ? blockText(block) : null;
        const label = m.full ? t('selection.fullTest') : t('selection.part', { part: m.part });
        return (
          <div key={modeKey(m)} className="flex flex-col">
            <button
              type="button"
              disabled={block !== null}
              aria-pressed={active}
              aria-describedby={reason ? `mode-${test.id}-${modeKey(m)}` : undefined}
              onClick={() => onMode(m)}
              data-testid={`mode-${modeKey(m)}`}
              className={cn(
                'min-h-10 rounded-lg border px-2 py-2 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50',
                active ? 'border-brand bg-brand text-on-brand' : 'border-line hover:bg-surface-sunken',
              )}
            >
              {label}
            </button>
            {reason ? (
              <span id={`mode-${test.id}-${modeKey(m)}`} className="mt-1 text-xs text-ink-muted">
                {reason}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { isOfficialFlag } from '@kouyu/core';
import type { TestListItem, TestMode, Viewer } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ClockIcon, LockIcon } from '@/components/ui/control-icons';
import { ModeButtons } from './mode-buttons';

export interface TestCardProps {
  test: TestListItem;
  /** Position in the whole list (1-based): placeholders are named "Test N" after it. */
  position: number;
  viewer: Viewer;
  selected: boolean;
  mode: TestMode | null;
  onSelect: () => void;
  onMode: (mode: TestMode) => void;
  onStart: () => void;
  onLocked: (lock: 'login_required' | 'official_required') => void;
}

/** A test card: unselected → test selected → mode selected; start only once a mode is chosen. */
export function TestCard({
  test,
  position,
  viewer,
  selected,
  mode,
  onSelect,
  onMode,
  onStart,
  onLocked,
}: TestCardProps) {
  const { t } = useTranslation('speaking');
  const name =
    test.is_fake || !test.test_name ? t('selection.placeholderName', { n: position }) : test.test_name;
  const official = isOfficialFlag(test.is_official);
  const lock = test.lock;
  const state = lock ? 'locked' : mode && selected ? 'mode-selected' : selected ? 'selected' : 'unselected';

  const activate = () => (lock ? onLocked(lock) : onSelect());

  return (
    <article
      className={cn(
        'flex flex-col gap-3 rounded-2xl border p-5 shadow-sm transition-colors',
        selected ? 'border-brand ring-2 ring-brand/30' : 'border-line',
        // A locked card is set back by its background, not by opacity: faded text fails contrast (WCAG 1.4.3).
        lock ? 'bg-surface-sunken' : 'bg-surface-raised',
      )}
      data-testid="test-card"
      data-test-id={test.id}
      data-state={state}
      aria-labelledby={`test-${test.id}-name`}
    >
      <button
        type="button"
        onClick={activate}
        className="flex flex-col gap-2 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-brand"
        aria-pressed={lock ? undefined : selected}
        data-testid="test-card-select"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={`test-${test.id}-name`} className="text-lg font-semibold">
            {name}
          </h2>
          <span
            className={cn(
              'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
              official ? 'bg-warning/15 text-warning' : 'bg-success/15 text-success',
            )}
          >
            {official ? t('selection.official') : t('selection.practice')}
          </span>
        </div>
        {test.description && !test.is_fake ? (
          <p className="text-sm text-ink-muted">{test.description}</p>
        ) : null}
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
          <div className="flex items-center gap-1">
            <ClockIcon width={16} height={16} />
            <dt className="sr-only">{t('selection.timeLimit')}</dt>
            <dd>{t('selection.minutes', { n: test.time_limit })}</dd>
          </div>
          {test.difficulty ? (
            <div className="flex gap-1">
              <dt>{t('selection.difficulty')}:</dt>
              <dd>{t(`selection.difficulties.${test.difficulty}`, { defaultValue: test.difficulty })}</dd>
            </div>
          ) : null}
          {test.test_type ? (
            <div className="flex gap-1">
              <dt>{t('selection.type')}:</dt>
              <dd>{t(`selection.types.${test.test_type}`, { defaultValue: test.test_type })}</dd>
            </div>
          ) : null}
        </dl>
        {lock ? (
          <p
            className="flex items-center gap-1 text-sm font-medium text-warning"
            data-testid="test-card-lock"
          >
            <LockIcon width={16} height={16} />
            {lock === 'official_required' ? t('selection.lockOfficial') : t('selection.lockLogin')}
          </p>
        ) : null}
      </button>
      {/* A locked card shows its modes too (spec 001 §2), each disabled with its reason. */}
      <ModeButtons
        test={test}
        viewer={viewer}
        mode={selected && !lock ? mode : null}
        onMode={(m) => {
          if (!selected) onSelect();
          onMode(m);
        }}
      />
      <Button
        onClick={lock ? activate : onStart}
        disabled={lock ? false : !selected || !mode}
        data-testid="test-start"
        className="self-end"
      >
        {t('selection.start')}
      </Button>
    </article>
  );
}

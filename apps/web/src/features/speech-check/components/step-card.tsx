import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

export type StepState = 'pending' | 'running' | 'pass' | 'warn' | 'fail';

const BADGE: Record<StepState, string> = {
  pending: 'border-line text-ink-muted',
  running: 'border-brand/40 text-brand',
  pass: 'border-success/40 bg-success/10 text-success',
  warn: 'border-warning/40 bg-warning/10 text-warning',
  fail: 'border-danger/40 bg-danger/10 text-danger',
};

/** One numbered step of the check with its state badge. */
export function StepCard({
  id,
  title,
  state,
  label,
  children,
}: {
  id: 'mic' | 'network' | 'recognition';
  title: string;
  state: StepState;
  /** The badge's own words, where the state's general one would mislead. */
  label?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('check');
  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm"
      aria-labelledby={`check-${id}-title`}
      data-testid={`check-${id}`}
      data-state={state}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`check-${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <span className={cn('rounded-full border px-3 py-0.5 text-sm font-medium', BADGE[state])}>
          {label ?? t(`state.${state}`)}
        </span>
      </header>
      {children}
    </section>
  );
}

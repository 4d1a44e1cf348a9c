import type { ReactNode } from 'react';
import { cn } from './cn';

/** A message in a page or form: errors are announced at once (role="alert"), the rest politely. */
export function Alert({
  tone = 'info',
  children,
  testId,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn(
        'rounded-lg border px-3 py-2 text-sm',
        tone === 'error' && 'border-danger/40 bg-brand-soft text-danger',
        tone === 'success' && 'border-success/40 text-success',
        tone === 'info' && 'border-line bg-surface-sunken text-ink',
      )}
    >
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** A form-level message: errors are announced at once (role="alert"), notices politely. */
export function FormAlert({
  tone = 'error',
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
      data-testid={testId ?? `form-${tone}`}
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

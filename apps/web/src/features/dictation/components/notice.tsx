import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** A message in the page: errors are announced at once (role="alert"), the rest politely. */
export function Notice({
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
        tone === 'error' && 'border-danger/40 text-danger',
        tone === 'success' && 'border-success/40 text-success',
        tone === 'info' && 'border-line bg-surface-sunken text-ink',
      )}
    >
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { AdminsOnly } from './admins-only';
import { errorCode, isForbidden } from './error-code';

export const selectClass =
  'h-11 w-full rounded-lg border border-line bg-surface-raised px-3 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-brand';
export const inputClass =
  'h-11 w-full rounded-lg border border-line bg-surface-raised px-3 text-base focus-visible:outline-2 focus-visible:outline-brand';

/** A titled card of the dashboard. */
export function Panel({
  title,
  actions,
  children,
  testId,
  className,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const headingId = `admin-${testId ?? title}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="py-8 text-center text-ink-muted" role="status">
      {t('common.loading')}
    </p>
  );
}

/** A failed load: the translated reason and a retry; a 403 means the role was taken away meanwhile. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  if (isForbidden(error)) return <AdminsOnly />;
  return (
    <div
      className="flex flex-col items-center gap-3 py-8 text-center"
      role="alert"
      data-testid="admin-load-error"
    >
      <p>{t('loadFailed', { reason: t(`common:errors.${errorCode(error)}`) })}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common:common.retry')}
      </Button>
    </div>
  );
}

/** An error of an action, announced at once. */
export function ActionError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p
      role="alert"
      data-testid="admin-action-error"
      className="rounded-lg border border-danger/40 bg-brand-soft px-3 py-2 text-sm text-danger"
    >
      {t(`errors.${errorCode(error)}`)}
    </p>
  );
}

/** A small coloured label (status, Plus state, role). */
export function Badge({
  tone = 'neutral',
  children,
  testId,
}: {
  tone?: 'neutral' | 'brand' | 'success' | 'warning' | 'danger';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone === 'neutral' && 'border-line bg-surface-sunken text-ink-muted',
        tone === 'brand' && 'border-brand/40 bg-brand-soft text-brand',
        tone === 'success' && 'border-success/40 text-success',
        tone === 'warning' && 'border-warning/50 text-warning',
        tone === 'danger' && 'border-danger/40 text-danger',
      )}
    >
      {children}
    </span>
  );
}

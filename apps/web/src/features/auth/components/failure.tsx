import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@kouyu/core';
import { ApiError } from '@/lib/api';
import { Alert } from '@/components/ui/alert';
import { failureCode } from '../errors';
import { useCountdown } from '../hooks/use-countdown';

/**
 * A failed call, translated (`errors.<code>`, else the operation's own fallback message), with a live
 * countdown when the server gave a cooldown.
 */
export function Failure({
  error,
  fallback,
  children,
}: {
  error: unknown;
  fallback: ErrorCode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const cooldown = error instanceof ApiError ? error.cooldown : null;
  const { seconds, start } = useCountdown();
  useEffect(() => {
    start(cooldown ?? 0);
  }, [error, cooldown, start]);
  if (!error) return null;
  return (
    <Alert tone="error" testId="form-error">
      <p>
        {t(`errors.${failureCode(error, fallback)}`)}
        {seconds > 0 ? <span data-testid="cooldown"> {t('auth.waitSeconds', { seconds })}</span> : null}
      </p>
      {children}
    </Alert>
  );
}

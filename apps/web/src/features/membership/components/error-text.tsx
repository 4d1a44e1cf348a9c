import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { Alert } from '@/components/ui/alert';

/** A failed call in the user's language, with the numbers the server sent (cost, cooldown). */
export function ErrorText({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const code = error instanceof ApiError ? error.code : 'internal';
  const vars = error instanceof ApiError ? error.body : {};
  return (
    <Alert tone="error" testId={testId}>
      {t(`errors.${code}`, vars)}
    </Alert>
  );
}

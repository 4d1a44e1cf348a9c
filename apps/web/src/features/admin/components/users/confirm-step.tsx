import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ActionError } from '../parts';

/** The last step of every change to a user: what will happen, then Back or Confirm; a failure shows here. */
export function ConfirmStep({
  summary,
  pending,
  error,
  onBack,
  onConfirm,
  danger = false,
}: {
  summary: string;
  pending: boolean;
  error: unknown;
  onBack?: () => void;
  onConfirm: () => void;
  danger?: boolean;
}) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <div className="flex flex-col gap-4" data-testid="admin-confirm">
      <p data-testid="admin-confirm-summary">{summary}</p>
      <ActionError error={error} />
      <div className="flex flex-wrap justify-end gap-2">
        {onBack ? (
          <Button variant="secondary" onClick={onBack} disabled={pending}>
            {t('form.back')}
          </Button>
        ) : null}
        <Button
          variant={danger ? 'danger' : 'primary'}
          onClick={onConfirm}
          disabled={pending}
          data-testid="admin-confirm-button"
        >
          {pending ? t('form.saving') : t('form.confirm')}
        </Button>
      </div>
    </div>
  );
}

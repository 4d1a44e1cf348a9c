import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** "Send a new code", disabled while the cooldown runs (the countdown shows on the button). */
export function ResendButton({
  seconds,
  pending,
  onClick,
}: {
  seconds: number;
  pending: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      disabled={seconds > 0 || pending}
      onClick={onClick}
      data-testid="resend-code"
      aria-live="polite"
    >
      {seconds > 0 ? t('auth.resendIn', { seconds }) : t('auth.resend')}
    </Button>
  );
}

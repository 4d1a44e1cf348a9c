import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/use-copy';

/** Copies `text`; the label says "Copied" for a moment. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={label}
      data-testid={testId}
      onClick={() => void copy(text)}
    >
      <span aria-live="polite">{copied ? t('account.copied') : t('account.copy')}</span>
    </Button>
  );
}

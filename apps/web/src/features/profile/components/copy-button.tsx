import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const SHOWN_MS = 2000;

/** Copies `text`; the label says "Copied" for a moment. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = window.setTimeout(() => setCopied(false), SHOWN_MS);
    return () => window.clearTimeout(id);
  }, [copied]);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={label}
      data-testid={testId}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      <span aria-live="polite">{copied ? t('account.copied') : t('account.copy')}</span>
    </Button>
  );
}

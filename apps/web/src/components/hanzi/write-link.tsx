import { useTranslation } from 'react-i18next';
import { LocalLink } from '@/components/ui/local-link';
import { cn } from '@/components/ui/cn';

/** "Write it": opens the stroke-order page of a word or character (`/{lang}/write/{word}`). */
export function WriteLink({ word, className }: { word: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <LocalLink
      to={`/write/${encodeURIComponent(word)}`}
      className={cn('text-xs font-medium text-brand underline-offset-2 hover:underline', className)}
      // The name starts with the visible words, so a voice-control user can say what they see.
      aria-label={t('hanzi.writeItLabel', { word })}
      data-testid="write-link"
    >
      {t('hanzi.writeIt')}
    </LocalLink>
  );
}

import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { useLang } from '@/components/ui/local-link';
import { useSwitchLanguage } from '../hooks/use-switch-language';

const LABELS = { en: 'EN', zh: 'CH', ru: 'RU' } as const;
const NAMES = { en: 'English', zh: '中文', ru: 'Русский' } as const;

/** EN / CH / RU switcher. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const lang = useLang();
  const switchTo = useSwitchLanguage();
  return (
    <div
      role="group"
      aria-label={t('header.language')}
      className="flex rounded-lg border border-line p-0.5 text-xs font-semibold"
    >
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          title={NAMES[l]}
          // The accessible name starts with the visible label (WCAG 2.5.3), then says the language.
          aria-label={`${LABELS[l]} ${NAMES[l]}`}
          aria-pressed={l === lang}
          data-testid={`lang-${l}`}
          onClick={() => l !== lang && switchTo(l)}
          className={cn(
            'rounded-md px-2 py-1 transition-colors focus-visible:outline-2 focus-visible:outline-brand',
            l === lang ? 'bg-brand text-on-brand' : 'text-ink-muted hover:text-ink',
          )}
        >
          {LABELS[l]}
        </button>
      ))}
    </div>
  );
}

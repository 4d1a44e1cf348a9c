import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MOBILE_MODAL_REOPEN_DELAY_MS, STORAGE_KEYS } from '@kouyu/core';
import { useLocalPath } from '@/components/ui/local-link';
import { REMEMBERED_MODALS, useModals } from '@/lib/modals';
import { storage } from '@/lib/storage';
import { useRandomItem } from '../hooks/use-random-item';
import { InstallButton } from './install-button';
import { BookIcon, CardsIcon, MicIcon, PenIcon, ScrollIcon } from '@/components/ui/icons';

const LESSONS = [
  { id: 'hskk', Icon: MicIcon, action: { modal: 'hskk' } },
  { id: 'idioms', Icon: ScrollIcon, action: { to: '/idioms' } },
  { id: 'dictation', Icon: PenIcon, action: { to: '/dictation' } },
  { id: 'hsk', Icon: BookIcon, action: { modal: 'hsk' } },
  { id: 'vocabulary', Icon: CardsIcon, action: { modal: 'vocabulary' } },
] as const;

/** Mobile home: lesson cards, a random study tip and the install button. */
export function HomeMobile() {
  const { t } = useTranslation(['content', 'common']);
  const { open } = useModals();
  const navigate = useNavigate();
  const local = useLocalPath();
  const tip = useRandomItem('tips');

  useEffect(() => {
    const remembered = REMEMBERED_MODALS.find((m) => m === storage.get(STORAGE_KEYS.lastMobileModal));
    if (!remembered) return;
    const timer = window.setTimeout(() => open(remembered), MOBILE_MODAL_REOPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  return (
    <div className="px-4 pb-6 pt-4" data-testid="home-mobile">
      <h1 className="text-2xl font-bold">{t('hero.title')}</h1>
      <ul className="mt-5 grid grid-cols-2 gap-3">
        {LESSONS.map((lesson) => (
          <li key={lesson.id} className={lesson.id === 'hskk' ? 'col-span-2' : undefined}>
            <button
              type="button"
              data-testid={`lesson-${lesson.id}`}
              onClick={() =>
                'modal' in lesson.action ? open(lesson.action.modal) : navigate(local(lesson.action.to))
              }
              className="flex h-full w-full flex-col items-start rounded-2xl border border-line bg-surface-raised p-4 text-left shadow-sm active:scale-[0.99] focus-visible:outline-2 focus-visible:outline-brand"
            >
              <lesson.Icon className="h-7 w-7 text-brand" />
              <span className="mt-2 font-semibold">{t(`lessons.${lesson.id}.title`)}</span>
              <span className="mt-1 text-sm text-ink-muted">{t(`lessons.${lesson.id}.body`)}</span>
            </button>
          </li>
        ))}
      </ul>
      <aside className="mt-5 rounded-2xl bg-brand-soft p-4" aria-label={t('common:home.tipTitle')}>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand">
          {t('common:home.tipTitle')}
        </p>
        <p className="mt-1 text-sm" data-testid="study-tip">
          {tip}
        </p>
      </aside>
      <div className="mt-5">
        <InstallButton
          className="w-full"
          size="lg"
          onInstructions={(platform) => open('install', { platform })}
        />
      </div>
    </div>
  );
}

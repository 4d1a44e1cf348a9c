import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HSKK_LEVELS, SYLLABUS_LEVELS, levelLabel } from '@kouyu/core';
import { useSyllabus } from '@/lib/syllabus';
import { LocalNavLink } from '@/components/ui/local-link';
import { cn } from '@/components/ui/cn';
import { useModals } from '@/lib/modals';
import { useIsMobile } from '@/lib/use-media';
import { InstallButton } from './install-button';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { NavDropdown } from './nav-dropdown';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand',
    isActive ? 'text-brand' : 'text-ink',
  );

/** Site header: logo, HSKK / HSK / Vocabulary menus, Idioms, Dictation, Plus, install, language, account. */
export function Header({ account, plus }: { account: ReactNode; plus: ReactNode }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { syllabus } = useSyllabus();
  const { open } = useModals();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <Logo />
        {mobile ? null : (
          <nav aria-label={t('header.mainNav')} className="ml-4 flex items-center gap-1">
            <NavDropdown
              testId="nav-hskk"
              label={t('header.hskk')}
              items={HSKK_LEVELS.map((level) => ({
                label: t(`levels.${level}`),
                to: `/test-selection/${level}`,
              }))}
            />
            <NavDropdown
              testId="nav-hsk"
              label={t('header.hsk')}
              // The HSK level pages of the learner's syllabus (HSK 3.0 adds 7-9).
              items={SYLLABUS_LEVELS[syllabus].map((n) => ({
                label: `HSK ${levelLabel(syllabus, n)}`,
                to: `/hsk/${levelLabel(syllabus, n)}`,
              }))}
            />
            <NavDropdown
              testId="nav-vocabulary"
              label={t('header.vocabulary')}
              // The vocabulary levels of the learner's syllabus (HSK 3.0 adds 7-9).
              items={SYLLABUS_LEVELS[syllabus].map((n) => ({
                label: t('header.vocabularyLevel', { level: levelLabel(syllabus, n) }),
                to: `/vocabulary/${levelLabel(syllabus, n)}`,
              }))}
            />
            <LocalNavLink to="/idioms" className={linkClass}>
              {t('header.idioms')}
            </LocalNavLink>
            <LocalNavLink to="/dictation" className={linkClass}>
              {t('header.dictation')}
            </LocalNavLink>
          </nav>
        )}
        <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-2">
          {plus}
          {mobile ? null : <InstallButton onInstructions={(platform) => open('install', { platform })} />}
          <LanguageSwitcher />
          {account}
        </div>
      </div>
    </header>
  );
}

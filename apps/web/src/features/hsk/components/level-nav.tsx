import { useTranslation } from 'react-i18next';
import { SYLLABUS_LEVELS, levelLabel } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { LocalNavLink } from '@/components/ui/local-link';

/** The HSK level pages of a syllabus: 1-6, and 7-9 on HSK 3.0. */
export function LevelNav({ syllabus }: { syllabus: Syllabus }) {
  const { t } = useTranslation('hsk');
  return (
    <nav aria-label={t('nav.levels')}>
      <ul className="flex flex-wrap gap-2">
        {SYLLABUS_LEVELS[syllabus].map((n) => {
          const label = levelLabel(syllabus, n);
          return (
            <li key={n}>
              <LocalNavLink
                to={`/hsk/${label}`}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium',
                    isActive
                      ? 'border-brand bg-brand text-on-brand'
                      : 'border-line bg-surface-raised hover:bg-surface-sunken',
                  )
                }
              >
                HSK {label}
              </LocalNavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

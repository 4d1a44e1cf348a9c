import { useTranslation } from 'react-i18next';
import { hskSections } from '@kouyu/core';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { useSyllabus } from '@/lib/syllabus';
import { useLevelParam } from '../hooks/use-level-param';
import { useHskLevels } from '../api/get-levels';
import { ExamOutline } from './exam-outline';
import { LevelNav } from './level-nav';

/** `/hsk/{level}`: what the level covers, its words, and its listening, reading and writing practice. */
export function HskLevelPage() {
  const { t } = useTranslation('hsk');
  const level = useLevelParam();
  const { syllabus } = useSyllabus();
  const levels = useHskLevels(syllabus);
  const info = levels.data?.data.find((l) => l.level === level);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8" data-testid="hsk-level-page">
      <LevelNav syllabus={syllabus} />
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">{t('levelPage.heading', { level })}</h1>
        <p className="text-lg">{t(`levels.${level}.summary`)}</p>
        <p className="text-ink-muted">{t(`levels.${level}.canDo`)}</p>
      </header>
      <ExamOutline level={level} />
      <section
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-soft p-4"
        aria-labelledby="hsk-words"
      >
        <div>
          <h2 id="hsk-words" className="font-semibold">
            {t('levelPage.vocabulary')}
          </h2>
          <p data-testid="hsk-word-count">
            {info
              ? t('levelPage.words', { n: info.words.new, total: info.words.total })
              : levels.isError
                ? t('levelPage.wordsUnavailable')
                : t('levelPage.wordsLoading')}
          </p>
        </div>
        <LocalLink to={`/vocabulary/${level}`} className={buttonClass('secondary')}>
          {t('levelPage.vocabularyLink', { level })}
        </LocalLink>
      </section>
      <section aria-labelledby="hsk-sections" className="flex flex-col gap-3">
        <h2 id="hsk-sections" className="text-xl font-semibold">
          {t('levelPage.practice')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {hskSections(level).map((section) => (
            <li key={section}>
              <LocalLink
                to={`/hsk/${level}/${section}`}
                className="flex h-full flex-col gap-2 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
                data-testid={`hsk-section-${section}`}
              >
                <span className="text-lg font-semibold">{t(`sections.${section}`)}</span>
                <span className="text-sm text-ink-muted">{t(`sectionBlurb.${section}`)}</span>
                {info ? (
                  <span className="mt-auto text-sm font-medium text-brand">
                    {t('levelPage.sets', { n: info.sections[section] })}
                  </span>
                ) : null}
              </LocalLink>
            </li>
          ))}
        </ul>
        {level <= 2 ? <p className="text-sm text-ink-muted">{t('levelPage.noWriting')}</p> : null}
      </section>
    </div>
  );
}

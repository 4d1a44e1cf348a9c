import { useTranslation } from 'react-i18next';
import { HSK3_BAND_LEVEL } from '@kouyu/core';
import { LevelCharacters } from '@/components/level-characters';
import { SyllabusSwitch } from '@/components/syllabus-switch';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { useSyllabus } from '@/lib/syllabus';
import { useVocabularyLevels } from '@/lib/vocabulary-levels';
import { LevelNav } from './level-nav';

/**
 * `/hsk/7-9`: the top band of HSK 3.0 (one exam for levels 7-9): its words and its characters. It has
 * no practice sets yet, and the page says so.
 */
export function HskBandPage() {
  const { t } = useTranslation(['hsk', 'common']);
  const { syllabus } = useSyllabus();
  const levels = useVocabularyLevels('hsk3');
  const band = levels.data?.data.find((l) => l.level === HSK3_BAND_LEVEL);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8" data-testid="hsk-band-page">
      <LevelNav syllabus="hsk3" />
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">{t('band.heading')}</h1>
        <p className="text-lg">{t('band.summary')}</p>
        <p className="text-ink-muted">{t('band.exam')}</p>
      </header>
      {syllabus === 'hsk2' ? (
        <section className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-raised p-4">
          <p data-testid="hsk-band-hsk2">{t('band.onHsk2')}</p>
          <SyllabusSwitch />
        </section>
      ) : null}
      <section
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-soft p-4"
        aria-labelledby="hsk-band-words"
      >
        <div>
          <h2 id="hsk-band-words" className="font-semibold">
            {t('levelPage.vocabulary')}
          </h2>
          <p data-testid="hsk-band-word-count">
            {band
              ? t('band.words', { count: band.count })
              : levels.isError
                ? t('levelPage.wordsUnavailable')
                : t('levelPage.wordsLoading')}
          </p>
          <p className="text-sm text-ink-muted">{t('band.englishOnly')}</p>
        </div>
        <LocalLink
          to="/vocabulary/7-9"
          className={buttonClass('secondary')}
          data-testid="hsk-band-vocabulary"
        >
          {t('band.vocabularyLink')}
        </LocalLink>
      </section>
      <LevelCharacters syllabus="hsk3" level={HSK3_BAND_LEVEL} />
      <p className="text-sm text-ink-muted" data-testid="hsk-band-no-sets">
        {t('band.noSets')}
      </p>
    </div>
  );
}

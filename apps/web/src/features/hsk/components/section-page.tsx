import { useTranslation } from 'react-i18next';
import { hasTimedListening, otherSyllabus } from '@kouyu/core';
import type { HskSection } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { useLevelParam } from '../hooks/use-level-param';
import { useHskSets } from '../api/get-sets';
import { useSignedIn } from '../hooks/use-signed-in';
import { useSetsSyllabus } from '../hooks/use-sets-syllabus';
import { Breadcrumbs } from './breadcrumbs';
import { SetCard } from './set-card';

/** `/hsk/{level}/{section}`: the practice sets of a section (listening, reading, writing). */
export function HskSectionPage({ section }: { section: HskSection }) {
  const { t } = useTranslation(['hsk', 'common']);
  const lang = useLang();
  const level = useLevelParam();
  const signedIn = useSignedIn();
  const syllabus = useSetsSyllabus();
  const other = otherSyllabus(syllabus);
  const sets = useHskSets({ level, section, language: lang, syllabus, signedIn });
  const name = t(`sections.${section}`);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-8" data-testid="hsk-section-page">
      <Breadcrumbs trail={[{ label: `HSK ${level}`, to: `/hsk/${level}` }, { label: name }]} />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t('sectionPage.heading', { level, section: name })}</h1>
        <p className="text-ink-muted">{t(`sectionBlurb.${section}`)}</p>
        <p className="text-sm" data-testid="hsk-sets-syllabus" data-syllabus={syllabus}>
          {t('sectionPage.syllabus', { syllabus: t(`common:syllabus.${syllabus}`) })}{' '}
          <LocalLink
            to={`/hsk/${level}/${section}?syllabus=${other}`}
            className="text-brand underline"
            data-testid="hsk-sets-other"
          >
            {t('sectionPage.otherSyllabus', { syllabus: t(`common:syllabus.${other}`) })}
          </LocalLink>
        </p>
        {section === 'listening' && hasTimedListening(level) ? (
          <p className="text-sm text-ink-muted">{t('sectionPage.timedNote')}</p>
        ) : null}
      </header>
      {sets.isPending ? <p className="text-ink-muted">{t('common:common.loading')}</p> : null}
      {sets.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-danger">{t('sectionPage.failed')}</p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('common:common.retry')}
          </Button>
        </div>
      ) : null}
      {sets.data && sets.data.data.length === 0 ? <p>{t('sectionPage.empty')}</p> : null}
      {sets.data && sets.data.data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {sets.data.data.map((s) => (
            <li key={s.id}>
              <SetCard set={s} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hskSetId } from '@kouyu/core';
import type { HskSection, HskSet } from '@kouyu/core';
import { Button, buttonClass } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { useLevelParam } from '../hooks/use-level-param';
import { useHskSet } from '../api/get-set';
import { errorCode } from '../lib/errors';
import { Breadcrumbs } from './breadcrumbs';

/** Loads the set of `/hsk/{level}/{section}/…/{testId}` (testId = the set's number) and frames its page. */
export function SetLoader({
  section,
  pageLabel,
  children,
}: {
  section: HskSection;
  pageLabel: string;
  children: (set: HskSet, backTo: string) => ReactNode;
}) {
  const { t } = useTranslation(['hsk', 'common']);
  const lang = useLang();
  const params = useParams();
  const level = useLevelParam();
  const number = /^\d{1,4}$/.test(params['testId'] ?? '') ? Number(params['testId']) : 0;
  const id = hskSetId(level, section, number);
  const set = useHskSet(id, lang);
  const backTo = `/hsk/${level}/${section}`;
  const sectionName = t(`sections.${section}`);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6" data-testid="hsk-question-page">
      <Breadcrumbs
        trail={[
          { label: `HSK ${level}`, to: `/hsk/${level}` },
          { label: sectionName, to: backTo },
          { label: pageLabel },
        ]}
      />
      {set.isPending ? (
        <p role="status" className="text-ink-muted">
          {section === 'listening' ? t('run.loadingAudio') : t('common:common.loading')}
        </p>
      ) : null}
      {set.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-danger">
            {errorCode(set.error) === 'test_not_found' || number === 0
              ? t('run.notFound')
              : t('run.loadFailed', { message: t(`common:errors.${errorCode(set.error)}`) })}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => void set.refetch()}>
              {t('common:common.retry')}
            </Button>
            <LocalLink to={backTo} className={buttonClass('ghost')}>
              {t('result.backToSets')}
            </LocalLink>
          </div>
        </div>
      ) : null}
      {set.data ? children(set.data.data, backTo) : null}
    </div>
  );
}

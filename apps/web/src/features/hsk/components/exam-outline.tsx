import { useTranslation } from 'react-i18next';
import { HSK3_ORAL_EXAM } from '@kouyu/core';
import { SyllabusSwitch } from '@/components/syllabus-switch';
import { LocalLink } from '@/components/ui/local-link';
import { useSyllabus } from '@/lib/syllabus';

/**
 * What the exam holds at the level in the learner's syllabus: its parts, and for HSK 3.0 levels 3-6 the
 * oral exam candidates also sit, with the HSKK practice that trains for it (docs/content.md records
 * the format assumptions).
 */
export function ExamOutline({ level }: { level: number }) {
  const { t } = useTranslation(['hsk', 'common']);
  const { syllabus } = useSyllabus();
  const oral = syllabus === 'hsk3' ? HSK3_ORAL_EXAM[level] : undefined;
  return (
    <section
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-raised p-4"
      aria-labelledby="hsk-exam"
      data-testid="hsk-exam-outline"
      data-syllabus={syllabus}
    >
      <SyllabusSwitch />
      <h2 id="hsk-exam" className="font-semibold">
        {t('exam.title', { level, syllabus: t(`common:syllabus.${syllabus}`) })}
      </h2>
      <p>{level <= 2 ? t('exam.partsListenRead') : t('exam.partsAll')}</p>
      {syllabus === 'hsk3' && level === 6 ? <p data-testid="hsk-exam-hsk6">{t('exam.hsk6')}</p> : null}
      {oral ? (
        <p data-testid="hsk-exam-oral">
          {level === 6 ? t('exam.oral6') : t('exam.oral')}{' '}
          <LocalLink
            to={`/test-selection/${oral}`}
            className="text-brand underline"
            data-testid="hsk-exam-hskk"
          >
            {t('exam.train', { hskk: t(`common:levels.${oral}`) })}
          </LocalLink>
        </p>
      ) : null}
      {syllabus === 'hsk2' ? <p className="text-sm text-ink-muted">{t('exam.hsk2Oral')}</p> : null}
    </section>
  );
}

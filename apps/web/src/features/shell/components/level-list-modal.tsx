import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SYLLABUS_LEVELS, levelLabel } from '@kouyu/core';
import { useSyllabus } from '@/lib/syllabus';
import { Modal } from '@/components/ui/modal';
import { useLocalPath } from '@/components/ui/local-link';

/** Mobile menu of HSK 1-6 level pages or vocabulary levels. */
export function LevelListModal({
  kind,
  open,
  onClose,
}: {
  kind: 'hsk' | 'vocabulary';
  open: boolean;
  onClose: (opts?: { navigated?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const local = useLocalPath();
  const { syllabus } = useSyllabus();
  // Both follow the learner's syllabus: HSK 3.0 adds 7-9.
  const levels = SYLLABUS_LEVELS[syllabus];
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={kind === 'hsk' ? t('header.hsk') : t('header.vocabulary')}
      size="sm"
      testId={`${kind}-modal`}
    >
      <ul className="grid grid-cols-2 gap-3">
        {levels.map((n) => (
          <li key={n}>
            <button
              type="button"
              className="w-full rounded-xl border border-line px-3 py-4 text-center font-semibold hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
              onClick={() => {
                navigate(local(`/${kind}/${levelLabel(syllabus, n)}`));
                onClose({ navigated: true });
              }}
            >
              {kind === 'hsk'
                ? `HSK ${levelLabel(syllabus, n)}`
                : t('header.vocabularyLevel', { level: levelLabel(syllabus, n) })}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

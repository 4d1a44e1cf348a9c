import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HSK_LEVELS } from '@kouyu/core';
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
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={kind === 'hsk' ? t('header.hsk') : t('header.vocabulary')}
      size="sm"
      testId={`${kind}-modal`}
    >
      <ul className="grid grid-cols-2 gap-3">
        {HSK_LEVELS.map((n) => (
          <li key={n}>
            <button
              type="button"
              className="w-full rounded-xl border border-line px-3 py-4 text-center font-semibold hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
              onClick={() => {
                navigate(local(kind === 'hsk' ? `/hsk/${n}` : `/vocabulary/${n}`));
                onClose({ navigated: true });
              }}
            >
              {kind === 'hsk' ? `HSK ${n}` : t('header.vocabularyLevel', { level: n })}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

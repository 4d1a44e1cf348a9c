import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HSKK_LEVELS, LEVEL_MODAL_FEATURES_SHOWN } from '@kouyu/core';
import { Modal } from '@/components/ui/modal';
import { useLocalPath } from '@/components/ui/local-link';

/** HSKK level selection: basic = HSK 1-2, intermediate = HSK 3-4, advanced = HSK 5-6, first 3 features each. */
export function LevelModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: (opts?: { navigated?: boolean }) => void;
}) {
  const { t } = useTranslation(['common', 'content']);
  const navigate = useNavigate();
  const local = useLocalPath();
  const go = (to: string) => {
    navigate(local(to));
    onClose({ navigated: true });
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('levelModal.title')}
      description={t('levelModal.subtitle')}
      size="lg"
      testId="level-modal"
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {HSKK_LEVELS.map((level) => {
          const features = t(`content:levels.${level}.features`, { returnObjects: true });
          return (
            <li key={level}>
              <button
                type="button"
                onClick={() => go(`/test-selection/${level}`)}
                data-testid={`level-${level}`}
                className="flex h-full w-full flex-col rounded-xl border border-line p-4 text-left transition hover:border-brand hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand"
              >
                <span className="text-xs font-semibold uppercase tracking-wide text-brand">
                  {t(`content:levels.${level}.hsk`)}
                </span>
                <span className="mt-1 text-lg font-semibold">{t(`content:levels.${level}.title`)}</span>
                <span className="mt-1 text-sm text-ink-muted">
                  {t(`content:levels.${level}.description`)}
                </span>
                <ul className="mt-3 space-y-1 text-sm">
                  {(Array.isArray(features) ? features : []).slice(0, LEVEL_MODAL_FEATURES_SHOWN).map((f) => (
                    <li key={String(f)} className="flex gap-2">
                      <span aria-hidden="true" className="text-success">
                        ✓
                      </span>
                      {String(f)}
                    </li>
                  ))}
                </ul>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-5 text-center text-sm">
        <button
          type="button"
          className="text-brand underline-offset-2 hover:underline"
          onClick={() => go('/test-selection/basic')}
        >
          {t('levelModal.startWithBasics')}
        </button>
      </p>
    </Modal>
  );
}

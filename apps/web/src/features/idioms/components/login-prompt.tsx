import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClass, PRIMARY_ACTION } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { Modal } from '@/components/ui/modal';

/** Why a guest is asked to log in, with a way back here afterwards. */
export function LoginPrompt({
  open,
  onClose,
  reason,
}: {
  open: boolean;
  onClose: () => void;
  reason: 'favourite' | 'practice';
}) {
  const { t } = useTranslation('idioms');
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <Modal open={open} onClose={onClose} title={t('login.title')} size="sm" testId="idioms-login-prompt">
      <p className="mb-5 text-ink-muted">
        {reason === 'favourite' ? t('login.favourite') : t('login.practice')}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          {t('login.later')}
        </button>
        <LocalLink
          to={`/auth?mode=login&next=${next}`}
          className={buttonClass('primary')}
          {...PRIMARY_ACTION}
        >
          {t('login.action')}
        </LocalLink>
      </div>
    </Modal>
  );
}

/** The same invitation inline, on the favourites tab and under practice. */
export function LoginNotice({ reason, testId }: { reason: 'favourite' | 'practice'; testId?: string }) {
  const { t } = useTranslation('idioms');
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface-sunken p-4 text-sm"
      role="status"
      data-testid={testId}
    >
      <p className="flex-1">{reason === 'favourite' ? t('login.favourite') : t('login.practice')}</p>
      <LocalLink to={`/auth?mode=login&next=${next}`} className={buttonClass('primary', 'sm')}>
        {t('login.action')}
      </LocalLink>
    </div>
  );
}

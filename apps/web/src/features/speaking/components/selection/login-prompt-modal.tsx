import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { withLanguage } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { Modal } from '@/components/ui/modal';

/**
 * The login prompt of a locked card (spec 001 §2): sign in (back here afterwards), sign up, or
 * close and stay on the list.
 */
export function LoginPromptModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('speaking');
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  const go = (path: string) => void navigate(withLanguage(lang, path));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('selection.loginRequired')}
      description={t('selection.loginPrompt')}
      testId="login-prompt"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          className="flex-1"
          onClick={() => go(`/auth?mode=login&next=${next}`)}
          data-testid="login-prompt-signin"
        >
          {t('guestLimit.signIn')}
        </Button>
        <Button
          variant="secondary"
          className="flex-1"
          onClick={() => go(`/auth?mode=register&next=${next}`)}
          data-testid="login-prompt-signup"
        >
          {t('guestLimit.signUp')}
        </Button>
      </div>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withLanguage } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { Modal } from '@/components/ui/modal';
import { CheckIcon } from '@/components/ui/control-icons';

const BENEFITS = [
  'guestLimit.benefits.unlock',
  'guestLimit.benefits.progress',
  'guestLimit.benefits.feedback',
] as const;

/**
 * After a guest's free part: what an account unlocks; sign up, sign in, or close: home (spec 001 §2), or
 * the page of the link the guest followed away from the feedback (`closeTo`, a path with its language).
 */
export function GuestLimitModal({ open, closeTo = null }: { open: boolean; closeTo?: string | null }) {
  const { t } = useTranslation('speaking');
  const lang = useLang();
  const navigate = useNavigate();
  const go = (path: string) => void navigate(withLanguage(lang, path));
  return (
    <Modal
      open={open}
      onClose={() => (closeTo ? void navigate(closeTo) : go('/'))}
      title={t('guestLimit.title')}
      description={t('guestLimit.text')}
      testId="guest-limit-modal"
    >
      <ul className="mb-6 flex flex-col gap-2">
        {BENEFITS.map((k) => (
          <li key={k} className="flex items-center gap-2">
            <CheckIcon className="text-success" />
            {t(k)}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button className="flex-1" onClick={() => go('/auth?mode=register')} data-testid="guest-signup">
          {t('guestLimit.signUp')}
        </Button>
        <Button
          variant="secondary"
          className="flex-1"
          onClick={() => go('/auth?mode=login')}
          data-testid="guest-signin"
        >
          {t('guestLimit.signIn')}
        </Button>
      </div>
    </Modal>
  );
}

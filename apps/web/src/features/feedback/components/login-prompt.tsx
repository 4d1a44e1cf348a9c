import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClass, PRIMARY_ACTION } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';

/** What a guest sees instead of the form: feedback needs an account (spec 000 §5), and sign-in comes back here. */
export function LoginPrompt() {
  const { t } = useTranslation('feedback');
  const location = useLocation();
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <div className="flex flex-col items-start gap-4" role="status" data-testid="feedback-login-prompt">
      <p>{t('login.text')}</p>
      <LocalLink
        to={`/auth?mode=login&next=${next}`}
        className={buttonClass('primary', 'md')}
        {...PRIMARY_ACTION}
      >
        {t('login.button')}
      </LocalLink>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import type { DictationViewer } from '../hooks/use-viewer';

/**
 * Why a Plus feature is locked for this viewer: guests are asked to log in (and come back here),
 * signed-in users without active Plus see the upgrade prompt (spec 000 §4 "upgrade prompt").
 */
export function AccessPrompt({ viewer, feature }: { viewer: DictationViewer; feature: 'analyse' | 'image' }) {
  const { t } = useTranslation('dictation');
  const location = useLocation();
  if (!viewer.signedIn) {
    const next = encodeURIComponent(location.pathname);
    return (
      <div
        className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface-sunken p-3 text-sm"
        role="status"
        data-testid="dictation-login-prompt"
      >
        <p className="flex-1">{feature === 'analyse' ? t('gate.loginAnalyse') : t('gate.loginImage')}</p>
        <LocalLink to={`/auth?mode=login&next=${next}`} className={buttonClass('secondary', 'sm')}>
          {t('gate.login')}
        </LocalLink>
      </div>
    );
  }
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-warning/50 bg-surface-sunken p-3 text-sm"
      role="status"
      data-testid="dictation-upgrade-prompt"
    >
      <p className="flex-1">{feature === 'analyse' ? t('gate.plusAnalyse') : t('gate.plusImage')}</p>
      <LocalLink to="/plus" className={buttonClass('primary', 'sm')}>
        {t('gate.upgrade')}
      </LocalLink>
    </div>
  );
}

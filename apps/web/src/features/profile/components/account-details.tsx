import { useTranslation } from 'react-i18next';
import { capitalise, plusWarning, showUpgradePrompt } from '@kouyu/core';
import type { StoredUser, PlusStatus } from '@kouyu/core';
import { buttonClass } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';
import { NameForm } from './name-form';
import { Detail, Section } from './section';

/** E-mail, editable name, level, member since, Plus status and expiry. */
export function AccountDetails({
  user,
  membership,
  expiration,
  createdAt,
}: {
  user: StoredUser;
  membership: PlusStatus;
  expiration: string | null;
  createdAt: string | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const plus = membership.dateError
    ? t(`errors.${membership.dateError}`)
    : membership.state === 'active' && expiration
      ? t('account.plusActiveUntil', { date: formatDate(expiration, lang, 'long') })
      : membership.state === 'expired'
        ? t('account.plusExpired')
        : t('account.plusNone');
  return (
    <Section title={t('profile.details')} testId="profile-details">
      <div className="mb-3">
        <NameForm name={user.name} />
      </div>
      <dl>
        <Detail label={t('auth.email')}>
          <span data-testid="profile-email">{user.email}</span>
        </Detail>
        <Detail label={t('profile.level')}>{capitalise(t(`userLevels.${user.user_level}`))}</Detail>
        {createdAt ? (
          <Detail label={t('profile.memberSince')}>{formatDate(createdAt, lang, 'long')}</Detail>
        ) : null}
        <Detail label={t('account.plus')}>
          <span className="flex items-center gap-2">
            <span data-testid="profile-plus">{plus}</span>
            {showUpgradePrompt(membership) || plusWarning(membership) ? (
              <LocalLink to="/plus" className={buttonClass('secondary', 'sm')}>
                {membership.isOfficial ? t('account.renew') : t('account.upgrade')}
              </LocalLink>
            ) : null}
          </span>
        </Detail>
      </dl>
    </Section>
  );
}

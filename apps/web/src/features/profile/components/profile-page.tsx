import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../api/get-account';
import { useAccountSession } from '../hooks/use-account-session';
import { AccountDetails } from './account-details';
import { DataSection } from './data-section';
import { InviteSection } from './invite-section';
import { PointsSection } from './points-section';
import { Section } from './section';
import { SyllabusSwitch } from '@/components/syllabus-switch';

/**
 * `/{lang}/profile` (signed-in only). The password forms come from the auth feature, composed in by
 * the route: `changePassword` and `deleteAccount`.
 */
export function ProfilePage({
  changePassword,
  deleteAccount,
}: {
  changePassword: ReactNode;
  deleteAccount: ReactNode;
}) {
  const { t } = useTranslation();
  const { user, membership, expiration } = useAccountSession();
  const account = useAccount();
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10" data-testid="profile-page">
      <h1 className="text-2xl font-semibold">{t('pages.profile')}</h1>
      <AccountDetails
        user={user}
        membership={membership}
        expiration={expiration}
        createdAt={account.data?.user.created_at}
      />
      <Section title={t('syllabus.label')} testId="profile-syllabus">
        <SyllabusSwitch />
        <p className="mt-2 text-sm text-ink-muted">{t('syllabus.hint')}</p>
      </Section>
      <InviteSection shareCode={user.share_code} />
      <PointsSection balance={user.point} />
      <Section title={t('profile.changePassword')} testId="profile-password">
        {changePassword}
      </Section>
      <DataSection deleteAccount={deleteAccount} />
    </div>
  );
}

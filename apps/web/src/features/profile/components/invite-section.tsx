import { useTranslation } from 'react-i18next';
import { INVITATION_BONUS_POINTS } from '@kouyu/core';
import { useLocalPath } from '@/components/ui/local-link';
import { CopyButton } from '@/components/ui/copy-button';
import { Section } from './section';

/** The share code and an invite link that opens sign-up with the code filled in. */
export function InviteSection({ shareCode }: { shareCode: string }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const link = `${window.location.origin}${local(`/auth?mode=register&invite=${encodeURIComponent(shareCode)}`)}`;
  return (
    <Section
      title={t('profile.invite')}
      intro={t('profile.inviteIntro', { points: INVITATION_BONUS_POINTS })}
      testId="profile-invite"
    >
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm text-ink-muted">{t('account.shareCode')}</span>
          <span className="flex items-center gap-2">
            <code className="font-mono text-lg font-semibold" data-testid="profile-share-code">
              {shareCode}
            </code>
            <CopyButton text={shareCode} label={t('profile.copyShareCode')} />
          </span>
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-sm text-ink-muted">{t('profile.inviteLink')}</span>
          <span className="flex items-center gap-2">
            <input
              readOnly
              value={link}
              aria-label={t('profile.inviteLink')}
              data-testid="profile-invite-link"
              onFocus={(e) => e.currentTarget.select()}
              className="h-9 min-w-0 flex-1 rounded-lg border border-line bg-surface-sunken px-2 font-mono text-xs"
            />
            <CopyButton text={link} label={t('profile.copyInviteLink')} />
          </span>
        </div>
      </div>
    </Section>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PLUS_GRANT_DAYS,
  VIP_EXPIRY_FUTURE_LIMIT_MS,
  adminMembershipBody,
  endOfLocalDay,
  extendedExpiry,
  localDay,
  plusStatus,
} from '@kouyu/core';
import type { StoredUser } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { Modal } from '@/components/ui/modal';
import { useUpdateMembership } from '../../api/update-membership';
import { formatDate } from '@/lib/format-date';
import { inputClass } from '../parts';
import { ConfirmStep } from './confirm-step';

const DAY_MS = 86_400_000;

/**
 * Grants or extends Plus until a chosen date (quick choices add days to the current expiry while the
 * membership runs), or ends it; both ask for confirmation first.
 */
export function MembershipDialog({
  user,
  expiration,
  mode,
  onClose,
  onDone,
}: {
  user: StoredUser;
  expiration: string | null;
  mode: 'grant' | 'end';
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dateId = useId();
  const change = useUpdateMembership(user.id);
  const active = plusStatus(user.is_official, expiration).hasActivePlus;
  const [expiry, setExpiry] = useState<Date | null>(() =>
    extendedExpiry(user.is_official, expiration, PLUS_GRANT_DAYS[0]),
  );
  const [confirming, setConfirming] = useState(mode === 'end');
  const [invalid, setInvalid] = useState(false);

  const title =
    mode === 'end'
      ? t('plus.dialogEnd', { email: user.email })
      : active
        ? t('plus.dialogExtend', { email: user.email })
        : t('plus.dialogGrant', { email: user.email });
  const now = new Date();
  const daysLeft = expiry ? plusStatus(true, expiry.toISOString(), now).daysUntilExpiration : 0;

  const confirm = () => {
    const body = { expires_at: mode === 'end' || !expiry ? null : expiry.toISOString() };
    change.mutate(body, {
      onSuccess: (data) =>
        onDone(
          data.payment_expiration && data.user.is_vip
            ? t('plus.done', { date: formatDate(data.payment_expiration, lang) })
            : t('plus.ended'),
        ),
    });
  };

  return (
    <Modal open onClose={onClose} title={title} testId="membership-dialog">
      {confirming ? (
        <ConfirmStep
          summary={
            mode === 'end' || !expiry
              ? t('plus.confirmEnd', { email: user.email })
              : t('plus.confirmGrant', { email: user.email, date: formatDate(expiry.toISOString(), lang) })
          }
          danger={mode === 'end'}
          pending={change.isPending}
          error={change.error}
          onBack={
            mode === 'end'
              ? undefined
              : () => {
                  change.reset();
                  setConfirming(false);
                }
          }
          onConfirm={confirm}
        />
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const ok =
              expiry !== null && adminMembershipBody.safeParse({ expires_at: expiry.toISOString() }).success;
            setInvalid(!ok || (expiry !== null && expiry.getTime() < now.getTime()));
            if (ok && expiry && expiry.getTime() >= now.getTime()) setConfirming(true);
          }}
          noValidate
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('plus.quick')}</legend>
            <div className="flex flex-wrap gap-2">
              {PLUS_GRANT_DAYS.map((days) => (
                <Button
                  key={days}
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setExpiry(extendedExpiry(user.is_official, expiration, days));
                    setInvalid(false);
                  }}
                  data-testid={`plus-add-${days}`}
                >
                  {t('plus.addDays', { days })}
                </Button>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={dateId} className="text-sm font-medium">
              {t('plus.expiry')}
            </label>
            <input
              id={dateId}
              type="date"
              className={inputClass}
              value={expiry ? localDay(expiry) : ''}
              min={localDay(now)}
              max={localDay(new Date(now.getTime() + VIP_EXPIRY_FUTURE_LIMIT_MS - DAY_MS))}
              onChange={(e) => {
                setExpiry(endOfLocalDay(e.target.value));
                setInvalid(false);
              }}
              aria-invalid={invalid}
              aria-describedby={`${dateId}-preview`}
              data-testid="plus-expiry"
            />
            <p
              id={`${dateId}-preview`}
              className="text-sm text-ink-muted"
              aria-live="polite"
              data-testid="plus-preview"
            >
              {invalid || !expiry
                ? null
                : t('plus.preview', {
                    date: formatDate(expiry.toISOString(), lang),
                    days: t('plus.daysLeft', { count: daysLeft }),
                  })}
            </p>
            {invalid ? (
              <p role="alert" className="text-sm text-danger">
                {t('form.dateInvalid')}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end">
            <Button type="submit" data-testid="plus-review">
              {t('form.review')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

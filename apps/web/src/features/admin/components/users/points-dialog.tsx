import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_POINTS_DELTA_MAX, ADMIN_POINTS_NOTE_MAX, adminPointsBody } from '@kouyu/core';
import type { AdminPointsBody, StoredUser } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Modal } from '@/components/ui/modal';
import { useAdjustPoints } from '../../api/adjust-points';
import { inputClass } from '../parts';
import { ConfirmStep } from './confirm-step';

/** Adds or removes points with a reason (kept in the ledger), showing the new balance before confirming. */
export function PointsDialog({
  user,
  onClose,
  onDone,
}: {
  user: StoredUser;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const change = useAdjustPoints(user.id);
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [body, setBody] = useState<AdminPointsBody | null>(null);
  const [invalid, setInvalid] = useState(false);

  const size = Number(amount);
  const delta = Number.isInteger(size) && size > 0 ? (direction === 'add' ? size : -size) : null;
  const preview = delta === null ? null : user.point + delta;

  return (
    <Modal open onClose={onClose} title={t('points.dialog', { email: user.email })} testId="points-dialog">
      {body ? (
        <ConfirmStep
          summary={t(body.delta > 0 ? 'points.confirmAdd' : 'points.confirmRemove', {
            email: user.email,
            amount: Math.abs(body.delta),
            points: user.point + body.delta,
          })}
          danger={body.delta < 0}
          pending={change.isPending}
          error={change.error}
          onBack={() => {
            change.reset();
            setBody(null);
          }}
          onConfirm={() =>
            change.mutate(body, {
              onSuccess: (data) => onDone(t('points.done', { points: data.user.point })),
            })
          }
        />
      ) : (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = adminPointsBody.safeParse({ delta, note: note.trim() === '' ? undefined : note });
            setInvalid(!parsed.success);
            if (parsed.success) setBody(parsed.data);
          }}
        >
          <p className="text-sm text-ink-muted">{t('points.balance', { points: user.point })}</p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('points.direction')}</legend>
            <div className="flex gap-2">
              {(['add', 'remove'] as const).map((d) => (
                <label
                  key={d}
                  className={cn(
                    'flex h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand',
                    direction === d ? 'border-brand bg-brand-soft' : 'border-line',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-direction`}
                    value={d}
                    checked={direction === d}
                    onChange={() => setDirection(d)}
                    className="accent-brand"
                    data-testid={`points-${d}`}
                  />
                  {t(`points.${d}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-amount`} className="text-sm font-medium">
              {t('points.amount')}
            </label>
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="numeric"
              min={1}
              max={ADMIN_POINTS_DELTA_MAX}
              step={1}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setInvalid(false);
              }}
              aria-invalid={invalid}
              aria-describedby={`${id}-amount-note`}
              className={inputClass}
              data-testid="points-amount"
            />
            <p id={`${id}-amount-note`} className="text-sm" aria-live="polite">
              {invalid ? (
                <span role="alert" className="text-danger">
                  {t('form.amountInvalid', { max: ADMIN_POINTS_DELTA_MAX })}
                </span>
              ) : preview === null ? null : (
                <span className="text-ink-muted">{t('points.newBalance', { points: preview })}</span>
              )}
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-note`} className="text-sm font-medium">
              {t('points.reason')}
            </label>
            <input
              id={`${id}-note`}
              type="text"
              value={note}
              maxLength={ADMIN_POINTS_NOTE_MAX}
              placeholder={t('points.reasonPlaceholder')}
              onChange={(e) => setNote(e.target.value)}
              aria-describedby={`${id}-note-hint`}
              className={inputClass}
              data-testid="points-note"
            />
            <p id={`${id}-note-hint`} className="text-xs text-ink-muted">
              {t('points.reasonHint', { max: ADMIN_POINTS_NOTE_MAX })}
            </p>
          </div>
          <div className="flex justify-end">
            <Button type="submit" data-testid="points-review">
              {t('form.review')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

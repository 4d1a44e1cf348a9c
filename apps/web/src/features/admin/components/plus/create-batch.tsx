import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { redeemBatchBody } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { downloadText, useCreateBatch } from '../../api/plus';
import { ActionError, inputClass } from '../parts';

/** A new batch of codes: days, count, optional expiry and note; the codes show once created. */
export function CreateBatch() {
  const { t } = useTranslation('admin');
  const create = useCreateBatch();
  const [days, setDays] = useState('30');
  const [count, setCount] = useState('10');
  const [expires, setExpires] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = redeemBatchBody.safeParse({
      days: Number(days),
      count: Number(count),
      // The end of the chosen day in the admin's own time zone.
      expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : undefined,
      note: note || undefined,
    });
    setInvalid(!parsed.success);
    if (parsed.success) create.mutate(parsed.data);
  };
  const created = create.data;
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate data-testid="create-batch">
      <div className="grid gap-3 sm:grid-cols-4">
        <label className="flex flex-col gap-1 text-sm">
          {t('membership.days')}
          <input
            type="number"
            min={1}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            className={inputClass}
            data-testid="batch-days"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('membership.count')}
          <input
            type="number"
            min={1}
            max={1000}
            value={count}
            onChange={(e) => setCount(e.target.value)}
            className={inputClass}
            data-testid="batch-count"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('membership.expires')}
          <input
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('membership.note')}
          <input
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
            className={inputClass}
          />
        </label>
      </div>
      <Button type="submit" className="self-start" disabled={create.isPending} data-testid="batch-create">
        {t('membership.create')}
      </Button>
      {invalid ? (
        <p role="alert" className="text-sm text-danger">
          {t('membership.invalidBatch')}
        </p>
      ) : null}
      <ActionError error={create.error} />
      {created ? (
        <div
          className="flex flex-col gap-2 rounded-xl border border-success/40 p-3"
          data-testid="batch-created"
        >
          <p className="text-sm">
            {t('membership.created', { count: created.codes.length, days: created.batch.days })}
          </p>
          <pre
            className="max-h-48 overflow-auto rounded-lg bg-surface-sunken p-2 font-mono text-sm select-all"
            data-testid="batch-codes"
          >
            {created.codes.join('\n')}
          </pre>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() =>
              downloadText(
                `${created.codes.join('\n')}\n`,
                `kouyu-plus-codes-${created.batch.id}.txt`,
                'text/plain',
              )
            }
          >
            {t('membership.downloadCodes')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redeemCodesCsv } from '@kouyu/core';
import type { RedeemBatch } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';
import { downloadText, getBatch, useBatch, useBatches, useRevokeBatch } from '../../api/plus';
import { ActionError, Badge, LoadError, Loading, Panel } from '../parts';
import { CreateBatch } from './create-batch';

function BatchCodes({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const batch = useBatch(id);
  if (batch.isPending) return <Loading />;
  if (batch.error) return <LoadError error={batch.error} onRetry={() => void batch.refetch()} />;
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="batch-code-list">
      {batch.data.codes.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center gap-2 border-b border-line py-1 last:border-0">
          <span className="font-mono">{c.code}</span>
          {c.revoked_at ? <Badge tone="danger">{t('membership.revoked')}</Badge> : null}
          {c.used_at ? (
            <span className="text-ink-muted">
              {t('membership.usedBy', {
                email: c.used_by ?? '',
                date: formatDate(c.used_at, lang, 'withTime'),
              })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function BatchRow({ batch }: { batch: RedeemBatch }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeBatch();
  const [exportError, setExportError] = useState<unknown>(null);
  const exportCsv = async () => {
    try {
      const detail = await getBatch(batch.id);
      downloadText(
        redeemCodesCsv(detail.batch, detail.codes),
        `kouyu-plus-codes-${batch.id}.csv`,
        'text/csv',
      );
    } catch (err) {
      setExportError(err);
    }
  };
  const unused = batch.count - batch.used - batch.revoked;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid="batch-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col">
          <span className="font-medium">
            {t('membership.batchLine', { count: batch.count, days: batch.days })}
            {batch.note ? ` · ${batch.note}` : ''}
          </span>
          <span className="text-xs text-ink-muted">
            {formatDate(batch.created_at, lang)}
            {batch.expires_at
              ? ` · ${t('membership.validUntil', { date: formatDate(batch.expires_at, lang) })}`
              : ''}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="success">{t('membership.usedCount', { count: batch.used })}</Badge>
          {batch.revoked > 0 ? (
            <Badge tone="danger">{t('membership.revokedCount', { count: batch.revoked })}</Badge>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? t('membership.hideCodes') : t('membership.showCodes')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void exportCsv()} data-testid="batch-export">
            {t('membership.exportCsv')}
          </Button>
          {unused > 0 && !confirming ? (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              {t('membership.revokeUnused')}
            </Button>
          ) : null}
          {confirming ? (
            <Button
              variant="danger"
              size="sm"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(batch.id, { onSuccess: () => setConfirming(false) })}
              data-testid="batch-revoke-confirm"
            >
              {t('membership.revokeConfirm', { count: unused })}
            </Button>
          ) : null}
        </div>
      </div>
      <ActionError error={revoke.error ?? exportError} />
      {open ? <BatchCodes id={batch.id} /> : null}
    </li>
  );
}

/** Redeem-code batches: create, export as CSV, see who used which code, revoke unused ones. */
export function CodesPanel() {
  const { t } = useTranslation('admin');
  const batches = useBatches();
  return (
    <div className="flex flex-col gap-5">
      <Panel title={t('membership.newBatch')} testId="admin-new-batch">
        <CreateBatch />
      </Panel>
      <Panel title={t('membership.batchesTitle')} testId="admin-batches">
        {batches.isPending ? <Loading /> : null}
        {batches.error ? <LoadError error={batches.error} onRetry={() => void batches.refetch()} /> : null}
        {batches.data?.data.length === 0 ? (
          <p className="text-ink-muted">{t('membership.noBatches')}</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {batches.data?.data.map((b) => (
            <BatchRow key={b.id} batch={b} />
          ))}
        </ul>
      </Panel>
    </div>
  );
}

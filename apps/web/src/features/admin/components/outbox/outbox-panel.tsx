import { useTranslation } from 'react-i18next';
import { ADMIN_OUTBOX_LIMIT_DEFAULT, mailCode } from '@kouyu/core';
import type { OutboxItem } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { SearchBox } from '@/components/ui/search-box';
import { useOutbox } from '../../api/get-outbox';
import { useSearchState } from '../../hooks/use-search-state';
import { formatDate } from '@/lib/format-date';
import { Badge, LoadError, Loading, Panel } from '../parts';

function Mail({ mail }: { mail: OutboxItem }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const code = mailCode(mail.text);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid="outbox-mail">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="font-medium break-words">{mail.subject}</p>
          <p className="text-sm break-all">
            <span className="text-ink-muted">{t('outbox.to')}: </span>
            {mail.to}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
            <time dateTime={mail.created_at}>{formatDate(mail.created_at, lang, 'withTime')}</time>
            <Badge>
              <span className="sr-only">{t('outbox.purpose')}: </span>
              {mail.purpose}
            </Badge>
            <Badge tone={mail.transport === 'outbox' ? 'neutral' : 'brand'}>
              <span className="sr-only">{t('outbox.transport')}: </span>
              {mail.transport}
            </Badge>
          </p>
        </div>
        {code ? (
          <p className="text-right">
            <span className="block text-xs text-ink-muted">{t('outbox.code')}</span>
            <span
              className="font-mono text-2xl font-semibold tracking-widest select-all"
              data-testid="outbox-code"
            >
              {code}
            </span>
          </p>
        ) : null}
      </div>
      {mail.error ? (
        <p className="text-sm text-danger" role="note">
          {t('outbox.failed', { error: mail.error })}
        </p>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-brand">{t('outbox.showText')}</summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-surface-sunken p-3 text-xs whitespace-pre-wrap break-words">
          {mail.text}
        </pre>
      </details>
    </li>
  );
}

/** `/{lang}/admin/outbox`: the mails the server sent or kept, newest first, so codes reach people without SMTP. */
export function OutboxPanel() {
  const { t } = useTranslation('admin');
  const { params, update } = useSearchState();
  const email = params.get('email')?.trim() ?? '';
  const outbox = useOutbox(email);
  return (
    <Panel
      title={t('outbox.title')}
      testId="admin-outbox"
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={outbox.isFetching}
          onClick={() => void outbox.refetch()}
        >
          {outbox.isFetching ? t('refreshing') : t('refresh')}
        </Button>
      }
    >
      <p className="text-sm text-ink-muted">{t('outbox.intro')}</p>
      <SearchBox
        value={email}
        onSearch={(text) => update({ email: text.trim() })}
        label={t('outbox.search')}
        placeholder={t('outbox.searchPlaceholder')}
        hint={t('outbox.searchHint', { limit: ADMIN_OUTBOX_LIMIT_DEFAULT })}
        maxLength={254}
        testId="outbox-search"
      />
      {outbox.isPending ? (
        <Loading />
      ) : outbox.isError ? (
        <LoadError error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : outbox.data.data.length === 0 ? (
        <p className="py-6 text-center text-ink-muted">{t('outbox.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {outbox.data.data.map((mail) => (
            <Mail key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_ADMIN_NOTE_MAX, isFeedbackType } from '@kouyu/core';
import type { ContactItem, ContactStatus } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { useUpdateContact } from '../../api/update-contact';
import type { ContactUpdate } from '../../api/update-contact';
import { formatDate } from '@/lib/format-date';
import { ActionError, Badge } from '../parts';

const STATUS_TONE = { new: 'brand', read: 'neutral', resolved: 'success' } as const;
/** The next steps offered from each status: read → resolved is the usual path; a handled message can reopen. */
const NEXT: Record<
  ContactStatus,
  readonly { status: ContactStatus; label: 'markRead' | 'markResolved' | 'reopen' }[]
> = {
  new: [
    { status: 'read', label: 'markRead' },
    { status: 'resolved', label: 'markResolved' },
  ],
  read: [
    { status: 'resolved', label: 'markResolved' },
    { status: 'new', label: 'reopen' },
  ],
  resolved: [{ status: 'new', label: 'reopen' }],
};

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-hidden="true" className="tracking-tight text-warning">
      {'★'.repeat(rating)}
      <span className="text-line">{'★'.repeat(Math.max(0, 5 - rating))}</span>
    </span>
  );
}

/** One message: sender, type, rating, date and status; the admin moves its status and keeps a note. */
export function ContactCard({ item }: { item: ContactItem }) {
  const { t } = useTranslation(['admin', 'feedback']);
  const lang = useLang();
  const update = useUpdateContact();
  const noteId = useId();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(item.admin_note ?? '');

  const save = (body: ContactUpdate, after?: () => void) =>
    update.mutate({ id: item.id, body }, { onSuccess: () => after?.() });

  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4"
      data-testid="contact-card"
      data-status={item.status}
      aria-labelledby={`contact-${item.id}-from`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <p id={`contact-${item.id}-from`} className="font-semibold break-all">
            <span className="sr-only">{t('contacts.from')}: </span>
            {item.user_email ?? t('contacts.deletedUser')}
          </p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
            <span>
              {isFeedbackType(item.feedback_type)
                ? t(`feedback:type.${item.feedback_type}`)
                : item.feedback_type}
            </span>
            {item.rating === null ? null : (
              <span>
                <Stars rating={item.rating} />
                <span className="sr-only">{t('contacts.rating', { value: item.rating })}</span>
              </span>
            )}
            <time dateTime={item.created_at}>{formatDate(item.created_at, lang, 'withTime')}</time>
            {item.user_id === null ? null : (
              <LocalLink
                to={`/admin/users/${item.user_id}`}
                className="text-brand underline-offset-2 hover:underline"
              >
                {t('contacts.openUser')}
              </LocalLink>
            )}
          </p>
        </div>
        <Badge tone={STATUS_TONE[item.status]} testId="contact-status">
          <span className="sr-only">{t('status.label')}: </span>
          {t(`status.${item.status}`)}
        </Badge>
      </header>
      <p className="text-sm leading-relaxed whitespace-pre-wrap break-words" data-testid="contact-message">
        {item.message}
      </p>
      {item.admin_note && !editing ? (
        <div className="rounded-xl bg-surface-sunken px-3 py-2 text-sm" data-testid="contact-note">
          <p className="text-xs font-medium text-ink-muted">{t('contacts.note')}</p>
          <p className="whitespace-pre-wrap break-words">{item.admin_note}</p>
        </div>
      ) : null}
      {editing ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save({ admin_note: note.trim() === '' ? null : note }, () => setEditing(false));
          }}
        >
          <label htmlFor={noteId} className="text-sm font-medium">
            {t('contacts.note')}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={CONTACT_ADMIN_NOTE_MAX}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby={`${noteId}-hint`}
            className="rounded-lg border border-line bg-surface-raised p-3 text-base focus-visible:outline-2 focus-visible:outline-brand"
            data-testid="contact-note-input"
          />
          <p id={`${noteId}-hint`} className="text-xs text-ink-muted">
            {t('contacts.noteHint', { max: CONTACT_ADMIN_NOTE_MAX })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={update.isPending} data-testid="contact-note-save">
              {update.isPending ? t('form.saving') : t('contacts.saveNote')}
            </Button>
            {item.admin_note ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={update.isPending}
                onClick={() => save({ admin_note: null }, () => setEditing(false))}
              >
                {t('contacts.clearNote')}
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setNote(item.admin_note ?? '');
                setEditing(false);
                update.reset();
              }}
            >
              {t('form.back')}
            </Button>
          </div>
        </form>
      ) : null}
      <ActionError error={update.error} />
      {editing ? null : (
        <div className="flex flex-wrap gap-2">
          {NEXT[item.status].map((next) => (
            <Button
              key={next.status}
              variant={next.status === 'resolved' ? 'primary' : 'secondary'}
              size="sm"
              disabled={update.isPending}
              onClick={() => save({ status: next.status })}
              data-testid={`contact-set-${next.status}`}
            >
              {t(`contacts.${next.label}`)}
            </Button>
          ))}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setNote(item.admin_note ?? '');
              setEditing(true);
            }}
            data-testid="contact-note-edit"
          >
            {item.admin_note ? t('contacts.editNote') : t('contacts.addNote')}
          </Button>
        </div>
      )}
    </article>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_SUCCESS_CLOSE_MS,
  FEEDBACK_TYPES,
  feedbackMessageError,
  isFeedbackType,
  isRatedFeedbackType,
  parseCooldownSeconds,
} from '@kouyu/core';
import type { ErrorCode, FeedbackType } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api';
import { useSendContact } from '../api/send-contact';
import { useCooldown } from '../hooks/use-cooldown';
import { RatingStars } from './rating-stars';

/** The states of the form (spec 000 §4). */
export type FeedbackPhase = 'idle' | 'submitting' | 'success' | 'error' | 'cooldown';

// Codes the API client gives answers it could not read: the form's own general text says more.
const GENERIC: ReadonlySet<ErrorCode> = new Set(['internal', 'not_found', 'route_not_found']);

export interface FeedbackFormProps {
  initialType: FeedbackType;
  initialMessage: string;
  /** A caller's placeholder: a message equal to it counts as empty. */
  placeholder: string;
  /** Called when the success message has been shown for 2 seconds. */
  onDone: () => void;
}

const field =
  'w-full rounded-lg border border-line bg-surface-raised px-3 text-sm text-ink focus:border-brand focus:outline-none';

/** The feedback form: type, stars for the rated types, the message, and one send per cooldown. */
export function FeedbackForm({ initialType, initialMessage, placeholder, onDone }: FeedbackFormProps) {
  const { t } = useTranslation(['feedback', 'common']);
  const ids = useId();
  const [type, setType] = useState<FeedbackType>(initialType);
  const [message, setMessage] = useState(initialMessage);
  const [rating, setRating] = useState<number | null>(null);
  const [touched, setTouched] = useState(initialMessage.trim() !== '');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<ErrorCode | 'general' | null>(null);
  // The refusal of a 429 other than the feedback cooldown (e.g. the site-wide limit): its own message.
  const [limited, setLimited] = useState<{ code: ErrorCode; message: string } | null>(null);
  const send = useSendContact();
  const cooldown = useCooldown();
  const closeTimer = useRef(0);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const messageError = feedbackMessageError(message, placeholder);
  const rated = isRatedFeedbackType(type);
  const phase: FeedbackPhase = sent
    ? 'success'
    : send.isPending
      ? 'submitting'
      : cooldown.seconds > 0
        ? 'cooldown'
        : failure
          ? 'error'
          : 'idle';
  const blocked = messageError !== null || phase === 'submitting' || phase === 'cooldown';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (blocked) return;
    setFailure(null);
    setLimited(null);
    send.mutate(
      { message: message.trim(), feedback_type: type, rating: rated ? rating : null },
      {
        onSuccess: (res) => {
          cooldown.start(res.data.cooldown);
          setSent(true);
          closeTimer.current = window.setTimeout(onDone, FEEDBACK_SUCCESS_CLOSE_MS);
        },
        onError: (err) => {
          // A 429 shows the server's message and waits the "N seconds" it names, else 20 (spec 000 §8).
          if (err instanceof ApiError && err.status === 429) {
            cooldown.start(parseCooldownSeconds(err.message));
            setLimited(err.code === 'feedback_cooldown' ? null : { code: err.code, message: err.message });
          } else setFailure(err instanceof ApiError && !GENERIC.has(err.code) ? err.code : 'general');
        },
      },
    );
  };

  if (phase === 'success')
    return (
      <p role="status" className="py-6 text-center text-lg text-success" data-testid="feedback-success">
        {t('success')}
      </p>
    );

  const showMessageError = messageError !== null && (touched || messageError === 'message_too_long');
  const describedBy = [`${ids}-counter`, showMessageError ? `${ids}-error` : null].filter(Boolean).join(' ');

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      data-testid="feedback-form"
      data-state={phase}
    >
      <p className="text-sm text-ink-muted">{t('intro')}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-type`} className="text-sm font-medium">
          {t('type.label')}
        </label>
        <select
          id={`${ids}-type`}
          value={type}
          onChange={(e) => {
            if (isFeedbackType(e.target.value)) setType(e.target.value);
          }}
          className={cn(field, 'h-10')}
          data-testid="feedback-type"
        >
          {FEEDBACK_TYPES.map((ft) => (
            <option key={ft} value={ft}>
              {t(`type.${ft}`)}
            </option>
          ))}
        </select>
      </div>
      {rated ? <RatingStars value={rating} onChange={setRating} /> : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-message`} className="text-sm font-medium">
          {t('message.label')}
        </label>
        <textarea
          id={`${ids}-message`}
          value={message}
          maxLength={FEEDBACK_MESSAGE_MAX}
          rows={5}
          placeholder={placeholder || t(`placeholder.${type}`)}
          onChange={(e) => {
            setMessage(e.target.value);
            setTouched(true);
          }}
          aria-invalid={showMessageError}
          aria-describedby={describedBy}
          className={cn(field, 'resize-y py-2')}
          data-testid="feedback-message"
        />
        <div className="flex items-start justify-between gap-3 text-xs">
          {showMessageError ? (
            <p id={`${ids}-error`} className="text-danger" data-testid="feedback-message-error">
              {t(`common:validation.${messageError}`)}
            </p>
          ) : (
            <span />
          )}
          <span
            id={`${ids}-counter`}
            className={cn(
              'shrink-0 tabular-nums',
              message.length > FEEDBACK_MESSAGE_MAX ? 'text-danger' : 'text-ink-muted',
            )}
            data-testid="feedback-counter"
          >
            {t('message.counter', { length: message.length, max: FEEDBACK_MESSAGE_MAX })}
          </span>
        </div>
      </div>
      {phase === 'cooldown' ? (
        <p role="status" className="text-sm text-warning" data-testid="feedback-cooldown">
          {limited
            ? t(`common:errors.${limited.code}`, { defaultValue: limited.message })
            : t('common:errors.feedback_cooldown', { seconds: cooldown.seconds })}
        </p>
      ) : null}
      {phase === 'error' && failure ? (
        <p role="alert" className="text-sm text-danger" data-testid="feedback-error">
          {failure === 'general' ? t('failed') : t(`common:errors.${failure}`)}
        </p>
      ) : null}
      <Button type="submit" disabled={blocked} className="self-end" data-testid="feedback-submit">
        {phase === 'submitting'
          ? t('sending')
          : phase === 'cooldown'
            ? t('wait', { seconds: cooldown.seconds })
            : t('submit')}
      </Button>
    </form>
  );
}

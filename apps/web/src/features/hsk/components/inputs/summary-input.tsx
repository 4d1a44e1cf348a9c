import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatClock } from '../../lib/blocks';
import { useCountdown } from '../../hooks/use-countdown';
import { WrittenInput } from './written-input';

/** The answer of a summary: the title on the first line, then the text. */
export function joinSummary(title: string, body: string): string {
  return title.trim() ? `${title.trim()}\n${body}` : body;
}

/**
 * HSK 6 summary: the story is read for its reading time (or until the learner is ready), then it is
 * hidden and retold from memory with a title of one's own.
 */
export function SummaryInput({
  text,
  readingMinutes,
  minChars,
  maxChars,
  onChange,
  disabled,
}: {
  text: string;
  readingMinutes: number;
  minChars?: number | undefined;
  maxChars?: number | undefined;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('hsk');
  const titleId = useId();
  const [phase, setPhase] = useState<'idle' | 'reading' | 'writing'>('idle');
  const [deadline, setDeadline] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const left = useCountdown(phase === 'reading' ? deadline : null, () => setPhase('writing'));

  if (phase === 'idle' && !disabled) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-ink-muted">{t('summary.intro', { minutes: readingMinutes })}</p>
        <Button
          onClick={() => {
            setDeadline(Date.now() + readingMinutes * 60_000);
            setPhase('reading');
          }}
          data-testid="summary-read"
        >
          {t('summary.startReading')}
        </Button>
      </div>
    );
  }
  if (phase === 'reading') {
    return (
      <div className="flex flex-col gap-3">
        <p role="timer" aria-live="off" className="font-mono text-sm text-ink-muted">
          {t('summary.readingLeft', { time: formatClock(left ?? 0) })}
        </p>
        <div
          lang="zh-CN"
          className="whitespace-pre-line rounded-xl bg-surface-sunken p-4 leading-8"
          data-testid="summary-text"
        >
          {text}
        </div>
        <Button variant="secondary" className="self-start" onClick={() => setPhase('writing')}>
          {t('summary.startWriting')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {!disabled ? <p className="text-sm text-ink-muted">{t('summary.hidden')}</p> : null}
      <label htmlFor={titleId} className="text-sm font-medium">
        {t('summary.title')}
      </label>
      <input
        id={titleId}
        value={title}
        disabled={disabled}
        maxLength={40}
        lang="zh-CN"
        onChange={(e) => {
          setTitle(e.target.value);
          onChange(joinSummary(e.target.value, body));
        }}
        className="rounded-xl border border-line bg-surface-raised p-2 text-lg focus-visible:outline-2 focus-visible:outline-brand"
      />
      <WrittenInput
        label={t('summary.body')}
        value={body}
        rows={8}
        disabled={disabled}
        minChars={minChars}
        maxChars={maxChars}
        onChange={(v) => {
          setBody(v);
          onChange(joinSummary(title, v));
        }}
      />
    </div>
  );
}

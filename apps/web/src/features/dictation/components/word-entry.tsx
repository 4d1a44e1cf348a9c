import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DICTATION_WORDS_PLUS, addWords, dictationWordError, splitWords } from '@kouyu/core';
import type { ValidationKey } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Alert } from '@/components/ui/alert';
import type { DictationViewer } from '../hooks/use-viewer';
import { AddFromImage } from './add-from-image';

type EntryError = ValidationKey | 'full';

/** Word entry (spec 000 §5): chips, inline rule messages, the "n / limit" counter, words from a photo. */
export function WordEntry({
  words,
  onChange,
  viewer,
  disabled,
}: {
  words: string[];
  onChange: (words: string[]) => void;
  viewer: DictationViewer;
  disabled: boolean;
}) {
  const { t } = useTranslation(['dictation', 'common']);
  const [value, setValue] = useState('');
  const [error, setError] = useState<EntryError | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const full = words.length >= viewer.limit;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSummary(null);
    const candidates = splitWords(value);
    // Several words pasted at once are added like words from a photo, with a count of what was skipped.
    if (candidates.length > 1) {
      const result = addWords(words, candidates, viewer.limit);
      onChange(result.words);
      setSummary(skippedText(result.added.length, result.skipped));
      setError(null);
      setValue('');
      return;
    }
    const problem: EntryError | null = dictationWordError(value, words) ?? (full ? 'full' : null);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    onChange([...words, value.trim()]);
    setValue('');
  };

  const skippedText = (added: number, skipped: { invalid: number; duplicate: number; over_limit: number }) =>
    [
      t('words.added', { count: added }),
      skipped.over_limit > 0
        ? t('words.skippedOverLimit', { count: skipped.over_limit, limit: viewer.limit })
        : '',
      skipped.duplicate > 0 ? t('words.skippedDuplicate', { count: skipped.duplicate }) : '',
      skipped.invalid > 0 ? t('words.skippedInvalid', { count: skipped.invalid }) : '',
    ]
      .filter(Boolean)
      .join(' ');

  const remove = (word: string) => {
    onChange(words.filter((w) => w !== word));
    setError(null);
    setSummary(null);
  };

  return (
    <div className="flex flex-col gap-3" data-testid="word-entry">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('words.heading')}</h2>
        <span
          className={cn('text-sm tabular-nums', full ? 'font-semibold text-warning' : 'text-ink-muted')}
          aria-label={t('words.counterLabel', { count: words.length, limit: viewer.limit })}
          data-testid="word-counter"
        >
          {words.length} / {viewer.limit}
        </span>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-1" noValidate>
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('words.label')}
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id={inputId}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            disabled={disabled}
            lang="zh"
            autoComplete="off"
            placeholder={t('words.placeholder')}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 text-base focus-visible:outline-2 focus-visible:outline-brand aria-[invalid=true]:border-danger"
            data-testid="word-input"
          />
          <Button type="submit" disabled={disabled} data-testid="word-add">
            {t('words.add')}
          </Button>
        </div>
        {error ? (
          <p id={errorId} className="text-sm text-danger" data-testid="word-error">
            {error === 'full'
              ? t('words.full', { limit: viewer.limit }) +
                (viewer.plus ? '' : ` ${t('words.fullFree', { plus: DICTATION_WORDS_PLUS })}`)
              : t(`common:validation.${error}`)}
          </p>
        ) : null}
      </form>
      {words.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('words.empty')}</p>
      ) : disabled ? (
        // While the words are read aloud the list would give the answers away.
        <p className="text-sm text-ink-muted" data-testid="word-chips-hidden">
          {t('words.hiddenWhilePlaying')}
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t('words.listLabel')} data-testid="word-chips">
          {words.map((word) => (
            <li
              key={word}
              lang="zh"
              className="inline-flex items-center gap-1 rounded-full border border-line bg-brand-soft py-1 pl-3 pr-1 text-base"
            >
              {word}
              <button
                type="button"
                onClick={() => remove(word)}
                disabled={disabled}
                aria-label={t('words.remove', { word })}
                className="grid size-7 place-items-center rounded-full text-ink-muted hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <AddFromImage
          words={words}
          viewer={viewer}
          disabled={disabled}
          onAdded={(next, added, skipped) => {
            onChange(next);
            setError(null);
            setSummary(
              added === 0 && skipped.over_limit + skipped.duplicate + skipped.invalid === 0
                ? t('words.noneFound')
                : skippedText(added, skipped),
            );
          }}
        />
        {words.length > 0 ? (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange([])}>
            {t('words.clear')}
          </Button>
        ) : null}
      </div>
      {summary ? <Alert testId="words-summary">{summary}</Alert> : null}
    </div>
  );
}

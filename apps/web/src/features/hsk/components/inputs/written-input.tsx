import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** Characters as the server counts them: whitespace left out. */
export function countChars(text: string): number {
  return [...text.replace(/\s/gu, '')].length;
}

/** A written answer with its length against the task's range and the words it must use. */
export function WrittenInput({
  label,
  value,
  onChange,
  disabled,
  minChars,
  maxChars,
  requiredWords,
  rows = 4,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  minChars?: number | undefined;
  maxChars?: number | undefined;
  requiredWords?: string[] | undefined;
  rows?: number;
}) {
  const { t } = useTranslation('hsk');
  const id = useId();
  const chars = countChars(value);
  const outside =
    (minChars !== undefined && chars > 0 && chars < minChars) || (maxChars !== undefined && chars > maxChars);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {requiredWords && requiredWords.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('written.requiredWords')}>
          {requiredWords.map((w) => {
            const used = value.includes(w);
            return (
              <li
                key={w}
                lang="zh-CN"
                className={cn(
                  'rounded-full border px-2 py-0.5 text-sm',
                  used ? 'border-success text-success' : 'border-line',
                )}
              >
                {used ? <span aria-hidden="true">✓ </span> : null}
                {w}
                <span className="sr-only">{used ? ` (${t('written.used')})` : ''}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        rows={rows}
        maxLength={1000}
        lang="zh-CN"
        className="w-full rounded-xl border border-line bg-surface-raised p-3 text-lg focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-70"
        aria-describedby={`${id}-count`}
        data-testid="written-input"
      />
      <p id={`${id}-count`} className={cn('text-sm', outside ? 'text-warning' : 'text-ink-muted')}>
        {minChars !== undefined && maxChars !== undefined
          ? t('written.countRange', { n: chars, min: minChars, max: maxChars })
          : t('written.count', { n: chars })}
      </p>
    </div>
  );
}

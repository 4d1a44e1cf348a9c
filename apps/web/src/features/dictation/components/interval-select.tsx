import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DICTATION_INTERVALS_S } from '@kouyu/core';
import type { DictationInterval } from '@kouyu/core';

/** The pause between two words, in seconds. */
export function IntervalSelect({
  value,
  onChange,
  disabled,
}: {
  value: DictationInterval;
  onChange: (value: DictationInterval) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('dictation');
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t('interval.label')}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const next = DICTATION_INTERVALS_S.find((s) => String(s) === e.target.value);
          if (next !== undefined) onChange(next);
        }}
        className="h-10 rounded-lg border border-line bg-surface px-3 focus-visible:outline-2 focus-visible:outline-brand"
        data-testid="interval-select"
      >
        {DICTATION_INTERVALS_S.map((s) => (
          <option key={s} value={s}>
            {t('interval.option', { seconds: s })}
          </option>
        ))}
      </select>
    </div>
  );
}

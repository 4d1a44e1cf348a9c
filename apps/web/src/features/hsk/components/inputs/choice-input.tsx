import type { HskOption } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { Picture } from '../picture';
import { ZhText } from '../zh-text';

export interface ChoiceInputProps {
  name: string;
  legend: string;
  options: HskOption[];
  /** The options are shown above for the whole group: only their letters are offered here. */
  compact: boolean;
  value: string | undefined;
  onChange: (key: string) => void;
  disabled: boolean;
  showPinyin: boolean;
}

const optionLabel = (o: HskOption) => o.text ?? o.picture?.alt ?? '';

/** One of several options, as native radio buttons (arrow keys move between them). */
export function ChoiceInput({
  name,
  legend,
  options,
  compact,
  value,
  onChange,
  disabled,
  showPinyin,
}: ChoiceInputProps) {
  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      <div className={cn('flex flex-wrap gap-2', !compact && 'flex-col sm:flex-row')}>
        {options.map((o) => (
          <label
            key={o.key}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors',
              'has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand',
              'border-line bg-surface-raised hover:bg-surface-sunken has-[:disabled]:cursor-default',
              compact ? 'min-w-12 justify-center' : 'sm:min-w-40',
            )}
            data-testid="choice"
            data-key={o.key}
          >
            <input
              type="radio"
              name={name}
              value={o.key}
              checked={value === o.key}
              onChange={() => onChange(o.key)}
              className="sr-only"
              aria-label={compact ? `${o.key}: ${optionLabel(o)}` : undefined}
            />
            <span className="font-semibold" aria-hidden={compact ? true : undefined}>
              {o.key}
            </span>
            {compact ? null : o.picture ? (
              <Picture picture={o.picture} size="sm" />
            ) : o.text ? (
              <ZhText text={o.text} pinyin={o.pinyin} showPinyin={showPinyin} />
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The options of a group, shown once: pictures in a row, or a lettered word or sentence bank. */
export function OptionBank({ options, showPinyin }: { options: HskOption[]; showPinyin: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="option-bank">
      {options.map((o) => (
        <li
          key={o.key}
          className="flex items-center gap-3 rounded-xl border border-line bg-surface-raised p-2"
        >
          <span className="font-semibold">{o.key}</span>
          {o.picture ? <Picture picture={o.picture} size="md" /> : null}
          {o.text ? <ZhText text={o.text} pinyin={o.pinyin} showPinyin={showPinyin} /> : null}
        </li>
      ))}
    </ul>
  );
}

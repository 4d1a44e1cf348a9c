import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** True or false, as two radio buttons. */
export function TrueFalseInput({
  name,
  legend,
  value,
  onChange,
  disabled,
}: {
  name: string;
  legend: string;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('hsk');
  return (
    <fieldset disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      <div className="flex gap-2">
        {([true, false] as const).map((v) => (
          <label
            key={String(v)}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface-raised px-4 py-2',
              'has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand',
              'hover:bg-surface-sunken has-[:disabled]:cursor-default',
            )}
            data-testid={v ? 'choice-true' : 'choice-false'}
          >
            <input
              type="radio"
              name={name}
              checked={value === v}
              onChange={() => onChange(v)}
              className="sr-only"
            />
            <span aria-hidden="true" className={v ? 'text-success' : 'text-danger'}>
              {v ? '✓' : '✗'}
            </span>
            {v ? t('answer.true') : t('answer.false')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** One missing character, with its pinyin as the hint. */
export function CharInput({
  hint,
  value,
  onChange,
  disabled,
}: {
  hint: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('hsk');
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        {t('charFill.label', { pinyin: hint })}
      </label>
      {/* No maxLength: an input method composes through Latin letters before the character lands. */}
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        lang="zh-CN"
        autoComplete="off"
        className="h-12 w-16 rounded-xl border border-line bg-surface-raised text-center text-2xl focus-visible:outline-2 focus-visible:outline-brand"
        data-testid="char-input"
      />
    </div>
  );
}

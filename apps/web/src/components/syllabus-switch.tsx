import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYLLABUSES } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { useSyllabus } from '@/lib/syllabus';

/**
 * HSK 2.0 or HSK 3.0 (2025): kept on the account when signed in, on the device for a guest. Shown in
 * the profile, on the vocabulary pages and on the HSK level pages; the plan settings save it too.
 */
export function SyllabusSwitch({ onChange }: { onChange?: (s: Syllabus) => void }) {
  const { t } = useTranslation('common');
  const { syllabus, choose } = useSyllabus();
  const [saving, setSaving] = useState(false);
  const pick = (s: Syllabus) => {
    if (s === syllabus || saving) return;
    setSaving(true);
    void choose(s)
      .then(() => onChange?.(s))
      .finally(() => setSaving(false));
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="syllabus-switch" data-syllabus={syllabus}>
      <span className="text-sm font-medium" id="syllabus-switch-label">
        {t('syllabus.label')}
      </span>
      <div
        role="radiogroup"
        aria-labelledby="syllabus-switch-label"
        className="flex gap-1 rounded-lg bg-surface-sunken p-1"
      >
        {SYLLABUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={s === syllabus}
            disabled={saving}
            data-testid={`syllabus-${s}`}
            onClick={() => pick(s)}
            className={cn(
              'rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand',
              s === syllabus ? 'bg-brand text-on-brand shadow-sm' : 'text-ink hover:bg-surface-raised',
            )}
          >
            {t(`syllabus.${s}`)}
          </button>
        ))}
      </div>
      {saving ? <span className="text-xs text-ink-muted">{t('syllabus.saving')}</span> : null}
    </div>
  );
}

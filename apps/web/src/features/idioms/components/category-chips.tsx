import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useLang } from '@/components/ui/local-link';
import { useCategories } from '../api/get-categories';

/** Category filter: one chip per category from `GET /categories`, and "all". */
export function CategoryChips({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('idioms');
  const categories = useCategories(useLang());
  const chip = (active: boolean) =>
    cn(
      'shrink-0 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm transition-colors',
      'focus-visible:outline-2 focus-visible:outline-brand',
      active
        ? 'border-brand bg-brand text-on-brand'
        : 'border-line bg-surface-raised hover:bg-surface-sunken',
    );
  return (
    <div
      role="group"
      aria-label={t('categories')}
      // On a phone the chips scroll sideways in one row, so the first idioms stay in view; wider screens wrap.
      className="-mx-4 flex min-h-10 gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
      data-testid="idiom-categories"
    >
      <button
        type="button"
        className={chip(value === null)}
        aria-pressed={value === null}
        onClick={() => onChange(null)}
      >
        {t('allCategories')}
      </button>
      {categories.data?.data.map((c) => (
        <button
          key={c.id}
          type="button"
          className={chip(value === c.id)}
          aria-pressed={value === c.id}
          onClick={() => onChange(value === c.id ? null : c.id)}
          data-testid={`idiom-category-${c.id}`}
        >
          {c.name} <span className="tabular-nums">{c.count}</span>
        </button>
      ))}
    </div>
  );
}

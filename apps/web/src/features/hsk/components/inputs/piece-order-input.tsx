import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

export interface Piece {
  id: string;
  label: string;
}

/** Builds an order by picking pieces one after another (sentences or words); undo and clear. */
export function PieceOrderInput({
  legend,
  pieces,
  order,
  onChange,
  disabled,
  joiner,
}: {
  legend: string;
  pieces: Piece[];
  order: string[];
  onChange: (order: string[]) => void;
  disabled: boolean;
  /** Separator of the built line ('' for Chinese words). */
  joiner: string;
}) {
  const { t } = useTranslation('hsk');
  const byId = new Map(pieces.map((p) => [p.id, p]));
  const built = order.map((id) => byId.get(id)?.label ?? '').join(joiner);
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      <output
        className="min-h-11 rounded-xl border border-dashed border-line bg-surface-sunken px-3 py-2 text-lg"
        aria-live="polite"
        lang="zh-CN"
        data-testid="built-order"
      >
        {built || <span className="text-sm text-ink-muted">{t('order.empty')}</span>}
      </output>
      <div className="flex flex-wrap gap-2">
        {pieces.map((p) => {
          const used = order.includes(p.id);
          return (
            <button
              key={p.id}
              type="button"
              disabled={used || disabled}
              onClick={() => onChange([...order, p.id])}
              className={cn(
                'rounded-lg border border-line bg-surface-raised px-3 py-1.5 text-left transition-colors',
                'hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand',
                'disabled:cursor-default disabled:opacity-40',
              )}
              lang="zh-CN"
              data-testid="order-piece"
            >
              {p.label}
            </button>
          );
        })}
      </div>
      {order.length > 0 && !disabled ? (
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => onChange(order.slice(0, -1))}>
            {t('order.undo')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChange([])}>
            {t('order.clear')}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

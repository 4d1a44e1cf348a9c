import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** What the list is, for screen readers when a page has several ("Pages of words"); "Pages" by default. */
  label?: string;
  testId?: string;
}

/**
 * The page numbers to show: all of them up to 7, else the first, the last and a window of two around
 * the current page, with `null` where pages are skipped (so 50 pages fit on a phone).
 */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const shown = new Set(
    [1, totalPages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= totalPages),
  );
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, n] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && n - prev > 1) out.push(n - prev === 2 ? n - 1 : null);
    out.push(n);
  }
  return out;
}

/** Numbered pages with previous/next; nothing when there is one page. */
export function Pagination({ page, totalPages, onPage, label, testId }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const item =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border border-line px-3 text-sm ' +
    'focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav
      aria-label={label ?? t('pagination.nav')}
      className="flex flex-wrap items-center justify-center gap-2"
      data-testid={testId}
    >
      <button
        type="button"
        className={cn(item, 'hover:bg-surface-sunken')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pagination.previous')}
      </button>
      {pages.map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-muted">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            aria-label={t('pagination.page', { n })}
            aria-current={n === page ? 'page' : undefined}
            className={cn(
              item,
              n === page ? 'border-brand bg-brand text-on-brand' : 'hover:bg-surface-sunken',
            )}
            onClick={() => onPage(n)}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(item, 'hover:bg-surface-sunken')}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}

import { useSearchParams } from 'react-router';

/** One of `options`, or `fallback` when the value is missing or unknown. */
export function pick<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.find((o) => o === value) ?? fallback;
}

/** One of `options`, or undefined ("all") when the value is missing or unknown. */
export function pickOptional<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((o) => o === value);
}

/**
 * A list's filters kept in the address, so reloads, links and the back button keep them. Any change
 * other than the page itself starts again from page 1; empty values leave the address.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const update = (change: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    if (!('page' in change)) next.delete('page');
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  return { params, page, update };
}

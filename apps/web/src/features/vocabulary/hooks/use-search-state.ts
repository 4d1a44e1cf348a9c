import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_MAX_CHARS } from '@kouyu/core';

/** The search text and page kept in the address (`?q=…&page=…`), so reloads and back/forward keep them. */
export function useSearchState(): {
  query: string;
  page: number;
  setQuery: (q: string) => void;
  setPage: (page: number) => void;
} {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').slice(0, SEARCH_MAX_CHARS);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setQuery = useCallback(
    (q: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (q.trim()) next.set('q', q.trim());
          else next.delete('q');
          // A new search starts at its first page.
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPage = useCallback(
    (n: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (n > 1) next.set('page', String(n));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );
  return { query, page, setQuery, setPage };
}

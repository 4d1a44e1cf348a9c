import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_MAX_CHARS } from '@kouyu/core';

export const IDIOM_TABS = ['browse', 'favourites', 'practice'] as const;
export type IdiomTab = (typeof IDIOM_TABS)[number];

export interface IdiomsState {
  tab: IdiomTab;
  category: string | null;
  query: string;
  page: number;
}

/** The page's state in the address (`?tab=&category=&q=&page=`), so reloads and back/forward keep it. */
export function useIdiomsState(): [IdiomsState, (change: Partial<IdiomsState>) => void] {
  const [params, setParams] = useSearchParams();
  const state: IdiomsState = {
    tab: IDIOM_TABS.find((t) => t === params.get('tab')) ?? 'browse',
    category: params.get('category') || null,
    query: (params.get('q') ?? '').slice(0, SEARCH_MAX_CHARS),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
  const update = useCallback(
    (change: Partial<IdiomsState>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (key: string, value: string | null) =>
            value ? next.set(key, value) : next.delete(key);
          if (change.tab !== undefined) set('tab', change.tab === 'browse' ? null : change.tab);
          if (change.category !== undefined) set('category', change.category);
          if (change.query !== undefined) set('q', change.query.trim() || null);
          // Anything but a page change starts again at page 1.
          set('page', change.page && change.page > 1 ? String(change.page) : null);
          return next;
        },
        // Typing a search replaces the entry instead of filling the history.
        { replace: change.query !== undefined },
      ),
    [setParams],
  );
  return [state, update];
}

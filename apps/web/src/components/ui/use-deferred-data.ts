import { useDeferredValue } from 'react';

/**
 * A query's answer for a list, rendered in the background. A query's answer reaches React through
 * useSyncExternalStore, whose updates are rendered in one blocking task however long the list; the
 * deferred copy is rendered by a pass that yields to the browser every few milliseconds, so a phone
 * answers a tap while the list arrives (Lighthouse's TBT). `pending` stays true until the list itself
 * is rendered, so the loading placeholder keeps its place meanwhile (no layout shift).
 */
export function useDeferredData<T>(query: { data: T | undefined; isPending: boolean }): {
  data: T | undefined;
  pending: boolean;
} {
  const data = useDeferredValue(query.data);
  return { data, pending: query.isPending || (data === undefined && query.data !== undefined) };
}

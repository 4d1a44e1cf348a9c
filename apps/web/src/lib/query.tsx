import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
// Only the context: the query library itself loads with the first code that fetches data.
import { QueryClientContext } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';

let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

/**
 * The app's query client, fetched and created the first time something needs data (a page, a modal,
 * the account menu, today's plan: each waits for it with its own code). The guest home page paints
 * without the query library (decision 017).
 */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    ({ createQueryClient }) => {
      const created = createQueryClient();
      // What QueryClientProvider does when it mounts: follow focus and the network.
      created.mount();
      client = created;
      for (const listener of listeners) listener();
      return created;
    },
    (error: unknown) => {
      // A failed fetch (offline) is tried again by the next caller.
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => client;

/**
 * Provides the app's query client once it exists. The provider is always rendered (its value changes
 * from none to the client), so the tree below it is never mounted again when the client arrives.
 */
export function QueryHost({ children }: { children: ReactNode }) {
  const value = useSyncExternalStore(subscribe, current, current);
  return <QueryClientContext.Provider value={value ?? undefined}>{children}</QueryClientContext.Provider>;
}

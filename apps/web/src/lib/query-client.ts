import { QueryClient } from '@tanstack/react-query';

/** The app's query client (a chunk of its own: the home page paints without it, decision 017). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

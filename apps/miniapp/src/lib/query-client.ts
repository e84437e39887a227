import { QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * Queries retry once, with no refetch on window focus. A query whose `meta.errorLog`
 * names it has its failures logged once, after the retries, whichever screen runs it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (typeof query.meta?.errorLog === 'string') console.error(query.meta.errorLog, error);
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

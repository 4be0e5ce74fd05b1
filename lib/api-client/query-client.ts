import { QueryClient } from '@tanstack/react-query';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

let browserClient: QueryClient | undefined;

/**
 * One query cache per browser tab, however many <QueryProvider>s hand it out: the pages that
 * use queries from their first render wrap themselves in one, and the parts of the shell that
 * load later (the header's user, the heart, the slot picker, dialogs) wrap themselves, so the
 * cached public pages load no React Query until one of those needs it. On the server
 * every render gets its own cache.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

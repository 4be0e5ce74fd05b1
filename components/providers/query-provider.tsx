'use client';

import { useContext, useState, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { getQueryClient } from '@/lib/api-client/query-client';

/**
 * React Query for the components below it, on the tab's one cache (lib/api-client/query-client.ts).
 * Not in the root layout: the shell's first load has no query to run, and React Query is a
 * tenth of the provider page's JavaScript budget. Inside another provider it adds
 * nothing, so on the server a nested part (a heart in a result card) still sees what the page
 * hydrated.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const parent = useContext(QueryClientContext);
  const [client] = useState(() => parent ?? getQueryClient());
  if (parent) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

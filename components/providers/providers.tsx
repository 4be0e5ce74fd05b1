'use client';

import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';

/**
 * What every page's client components share. React Query is not here: pages and lazily loaded
 * parts that use it bring their own <QueryProvider> on the tab's one cache
 * (components/providers/query-provider.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}

'use client';

import { ToastProvider } from '@/components/ui/toast';
import { SupportContactsProvider, type SupportContacts } from '@/components/shell/support-contacts';
import type { ReactNode } from 'react';

/**
 * What every page's client components share. React Query is not here: pages and lazily loaded
 * parts that use it bring their own <QueryProvider> on the tab's one cache
 * (components/providers/query-provider.tsx). The support contacts come from the server's
 * configuration (lib/config/shell-links.ts).
 */
export function Providers({ support, children }: { support: SupportContacts; children: ReactNode }) {
  return (
    <SupportContactsProvider value={support}>
      <ToastProvider>{children}</ToastProvider>
    </SupportContactsProvider>
  );
}

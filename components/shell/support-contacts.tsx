'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { SupportContacts } from '@/lib/config/shell-links';

export type { SupportContacts };

const SupportContactsContext = createContext<SupportContacts | null>(null);

/** Hands the configured support contacts (lib/config/shell-links.ts) from the layout to client components. */
export function SupportContactsProvider({ value, children }: { value: SupportContacts; children: ReactNode }) {
  return <SupportContactsContext.Provider value={value}>{children}</SupportContactsContext.Provider>;
}

/** The support email, phone and contact action the server is configured with. */
export function useSupportContacts(): SupportContacts {
  const value = useContext(SupportContactsContext);
  // Every page sits under the locale layout, which provides them; a missing provider is a wiring bug.
  if (!value) throw new Error('useSupportContacts needs <SupportContactsProvider> (app/[locale]/layout.tsx)');
  return value;
}

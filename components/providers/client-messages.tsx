import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { SHELL_NAMESPACES, pickMessages } from '@/lib/i18n/client-messages';
import type { ReactNode } from 'react';

/**
 * Gives the client components below it the message namespaces they use, on top of the shell's
 * (lib/i18n/client-messages.ts). A nested provider replaces its parent's messages rather than
 * adding to them, hence the shell's namespaces again.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, [...SHELL_NAMESPACES, ...namespaces])}>
      {children}
    </NextIntlClientProvider>
  );
}

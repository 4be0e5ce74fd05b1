import 'server-only';
import { headers } from 'next/headers';
import { isLocalMailbox } from '@/lib/backend/adapters/mail/mail-adapter';
import { internalKey, isInternalKey } from '@/lib/config/internal-key';
import { sessionSecret } from '@/lib/bff/secret';

/**
 * Set by the production server (lib/custom-server/edge.ts, `mailboxAllowed`) only for DEV_MAILBOX=1,
 * a loopback-bound server and a loopback socket, on every path under /dev/mailbox; any
 * client-sent copy is removed there. Its value is derived from the session secret, so a server
 * started some other way (next start) has no request that carries it and the mailbox is a 404.
 */
const DEV_MAILBOX_HEADER = 'x-dev-mailbox';

/** Whether this request may read the outbox (the page and its attachments); otherwise 404. */
export async function mailboxGranted(): Promise<boolean> {
  if (!isLocalMailbox()) return false; // with SMTP configured mail leaves the machine
  return isInternalKey((await headers()).get(DEV_MAILBOX_HEADER), internalKey(sessionSecret(), 'dev-mailbox'));
}

/** Where an email's attachment downloads (the route beside this file), in the page's language. */
export function attachmentPath(locale: string, emailId: number, index: number): string {
  return `${locale === 'es' ? '/es' : ''}/dev/mailbox/${emailId}/attachments/${index}`;
}

import { findOutboxEmail } from '@/lib/backend/outbox/outbox-repository';
import { mailboxGranted } from '../../../mailbox-access';

export const dynamic = 'force-dynamic';

const NOT_FOUND = () => new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } });

/** Only ASCII letters, digits and . _ - in the plain filename; the exact name goes in filename*. */
function disposition(filename: string): string {
  const plain = filename.replace(/[^A-Za-z0-9._-]/g, '_') || 'attachment';
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * GET /dev/mailbox/{emailId}/attachments/{index}: one attachment of an outbox email (the .ics
 * of the appointment emails), under the mailbox page's rules (mailbox-access.ts): anyone the
 * page would refuse, and any unknown email or index, gets a 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ emailId: string; index: string }> }) {
  if (!(await mailboxGranted())) return NOT_FOUND();
  const { emailId, index } = await params;
  if (!/^[1-9]\d{0,9}$/.test(emailId) || !/^\d{1,2}$/.test(index)) return NOT_FOUND();
  const email = await findOutboxEmail(Number(emailId));
  const attachment = email?.attachments?.[Number(index)];
  if (!attachment) return NOT_FOUND();
  return new Response(Buffer.from(attachment.content, 'base64'), {
    headers: {
      'content-type': attachment.contentType,
      'content-disposition': disposition(attachment.filename),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

import 'server-only';
import nodemailer from 'nodemailer';
import { serverEnv } from '../../../config/server-env';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/**
 * Where mail goes once its change has committed (lib/backend/outbox/outbox-service.ts hands it
 * over). One interface, two transports chosen by configuration (lib/docs/architecture.md "Inside the backend").
 */
export interface MailTransport {
  readonly kind: 'local-mailbox' | 'smtp';
  deliver(email: OutgoingEmail): Promise<void>;
}

/**
 * Embedded default: the outbox row is the delivered message, read at /dev/mailbox on the machine
 * itself (README). Nothing leaves the machine.
 */
const localMailbox: MailTransport = {
  kind: 'local-mailbox',
  async deliver() {},
};

function smtpTransport(url: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async deliver(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          encoding: 'base64',
        })),
      });
    },
  };
}

let transport: MailTransport | undefined;
let override: MailTransport | undefined;

export function mailTransport(): MailTransport {
  if (override) return override;
  const env = serverEnv();
  transport ??= env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : localMailbox;
  return transport;
}

/** True while mail stays on this machine (no SMTP_URL): the only case /dev/mailbox may exist. */
export function isLocalMailbox(): boolean {
  return !override && !serverEnv().SMTP_URL;
}

/** Tests stand in for the SMTP server (an external part) to watch deliveries and failures. */
export function setMailTransportForTesting(value: MailTransport | undefined): void {
  override = value;
}

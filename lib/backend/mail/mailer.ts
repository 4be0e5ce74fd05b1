import 'server-only';
import nodemailer from 'nodemailer';
import { serverEnv } from '../../config/server-env';
import { insertOutboxEmail } from '../repositories/outbox-repository';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(email: OutgoingEmail): Promise<void>;
}

/** Embedded default: mail lands in the outbox table, readable at /dev/mailbox (ARCHITECTURE.md). */
const outboxMailer: Mailer = {
  kind: 'outbox',
  async send(email) {
    await insertOutboxEmail({ toAddress: email.to, subject: email.subject, textBody: email.text, htmlBody: email.html ?? null });
  },
};

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({ from, ...email });
    },
  };
}

let mailer: Mailer | undefined;
export function getMailer(): Mailer {
  const env = serverEnv();
  mailer ??= env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer;
  return mailer;
}

export function isOutboxMailer(): boolean {
  return !serverEnv().SMTP_URL;
}

import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
// Dev-tool exception to the layering rule (pages never touch the backend, lib/docs/architecture.md): this
// page reads the embedded outbox that the mail adapter writes to. It only exists while the
// outbox is the transport; no /v4 route exposes it because no client besides this page needs it.
import { listOutboxEmails } from '@/lib/backend/outbox/outbox-repository';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { attachmentPath, mailboxGranted as granted } from './mailbox-access';
import type { Metadata } from 'next';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  if (!(await granted())) notFound();
  const { locale } = await params;
  const t = await getTranslations({ locale: pageLocale(locale), namespace: 'mailbox' });
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain-text body with its links made clickable (reset links are what this page is for). */
function BodyText({ text }: { text: string }) {
  return (
    <p className="mt-3 whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="font-medium text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export default async function MailboxPage({ params }: LocalePageProps) {
  // served to anyone, this page let them read anyone's reset link.
  if (!(await granted())) notFound();
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('mailbox');
  const format = await getFormatter();
  const emails = await listOutboxEmails(100);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-slate-900">{t('heading')}</h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
      {emails.length === 0 ? (
        <p className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-700">{t('empty')}</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {emails.map((email) => (
            <li key={email.id}>
              <article
                aria-labelledby={`email-${email.id}`}
                className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm"
              >
                <h2 id={`email-${email.id}`} className="text-lg font-semibold text-slate-900">
                  {email.subject}
                </h2>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
                  <dt className="font-medium">{t('to')}</dt>
                  <dd className="min-w-0 [overflow-wrap:anywhere]">{email.toAddress}</dd>
                  <dt className="font-medium">{t('sent')}</dt>
                  <dd>
                    <time dateTime={new Date(email.createdAt).toISOString()}>
                      {format.dateTime(new Date(email.createdAt), { dateStyle: 'medium', timeStyle: 'medium' })}
                    </time>
                  </dd>
                </dl>
                <BodyText text={email.textBody} />
                {email.attachments?.length ? (
                  <>
                    <h3 id={`attachments-${email.id}`} className="mt-3 text-sm font-semibold text-slate-900">
                      {t('attachments')}
                    </h3>
                    <ul aria-labelledby={`attachments-${email.id}`} className="mt-1 list-disc pl-5 text-sm">
                      {email.attachments.map((file, index) => (
                        <li key={index}>
                          {/* A download, not a page: no client-side navigation. */}
                          <a
                            href={attachmentPath(locale, email.id, index)}
                            download={file.filename}
                            className="font-medium text-brand-700 underline"
                          >
                            {file.filename}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

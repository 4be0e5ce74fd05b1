import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { shellLinks } from '@/lib/config/shell-links';
import type { Locale } from '@/lib/i18n/languages';
import { indexedPageMetadata } from '@/lib/i18n/page-metadata';
import type { Metadata } from 'next';

/** The four static documents of SPEC.md section 2, their paths and when their text last changed. */
export const LEGAL_DOCUMENTS = {
  privacy: { path: '/privacy-policy', updated: '2026-11-01' },
  terms: { path: '/terms-and-conditions', updated: '2026-11-01' },
  userAgreement: { path: '/useragreement', updated: '2026-11-01' },
  hipaa: { path: '/hippa', updated: '2026-11-01' },
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

interface Section {
  heading: string;
  body: string;
}

export async function legalMetadata(locale: Locale, doc: LegalDocument): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: `legal.${doc}` });
  const { path } = LEGAL_DOCUMENTS[doc];
  return indexedPageMetadata({ locale, path, title: t('title'), description: t('description') });
}

/** One legal document; its text lives in the `legal` message namespace, one entry per section. */
export async function LegalPage({ locale, doc }: { locale: Locale; doc: LegalDocument }) {
  setRequestLocale(locale);
  const t = await getTranslations('legal');
  const format = await getFormatter();
  // The typed keys of `t.raw` are single messages; `sections` is a group of them, read whole.
  const sections = (t.raw as (key: string) => unknown)(`${doc}.sections`) as Record<string, Section>;
  const { support } = shellLinks();
  const link = 'font-medium text-brand-800 underline underline-offset-2';
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <article>
        <h1 className="text-3xl font-semibold text-slate-900 sm:text-4xl">{t(`${doc}.title`)}</h1>
        <p className="mt-2 text-sm text-slate-700">
          {t('lastUpdated', {
            date: format.dateTime(new Date(`${LEGAL_DOCUMENTS[doc].updated}T12:00:00Z`), { dateStyle: 'long' }),
          })}
        </p>
        <p className="mt-6 text-lg text-slate-800">{t(`${doc}.intro`)}</p>
        {Object.entries(sections).map(([id, section]) => (
          <section key={id} aria-labelledby={`section-${id}`} className="mt-8">
            <h2 id={`section-${id}`} className="text-xl font-semibold text-slate-900">
              {section.heading}
            </h2>
            <p className="mt-2 leading-relaxed text-slate-800">{section.body}</p>
          </section>
        ))}
        <p className="mt-10 border-t border-slate-200 pt-6 text-slate-800">{t('contactLine')}</p>
        <p className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          <a href={`mailto:${support.email}`} className={link}>
            {support.email}
          </a>
          <a href={support.phoneHref} className={link}>
            {support.phone}
          </a>
        </p>
      </article>
    </main>
  );
}

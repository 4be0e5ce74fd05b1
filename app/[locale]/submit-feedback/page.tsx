import { getTranslations, setRequestLocale } from 'next-intl/server';
import { feedbackPageQuerySchema } from '@/lib/contracts/feedback';
import { checkFeedback } from '@/lib/bff/feedback';
import { Link } from '@/lib/i18n/navigation';
import { firstParam, pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { LoadFailed } from '@/components/ui/load-failed';
import { SubmitFeedback, type FeedbackProblem } from '@/components/reviews/submit-feedback';
import { requireSession } from '@/lib/bff/session-expired';
import type { Metadata } from 'next';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const locale = pageLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'feedback' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * /submit-feedback?appointment={id} (SPEC.md section 2), the post-visit email's link.
 * Logged out, the middleware saved this path and sent the visitor to login (the spec's rule for
 * paths containing submit-feedback); the page checks the session itself too (STYLE.md habit 5).
 * The check runs here; the form saves through the BFF.
 */
export default async function SubmitFeedbackPage({ params, searchParams }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('feedback');
  const query = feedbackPageQuerySchema.safeParse({ appointment: firstParam((await searchParams).appointment) });

  let problem: FeedbackProblem | undefined;
  let visit;
  if (!query.success) {
    problem = 'badLink';
  } else {
    const result = requireSession(
      await checkFeedback(query.data.appointment, locale),
      locale,
      '/submit-feedback',
      await searchParams,
    );
    if (result.ok) visit = result.data;
    else if (result.status === 404) problem = 'notYours';
    else if (result.status === 409) problem = 'notCompleted';
    else {
      return (
        <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:px-6">
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
          <LoadFailed message={t('checkFailed')} retryLabel={t('retry')} />
        </main>
      );
    }
  }

  return (
    <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <ClientMessages namespaces={['feedback', 'reviews', 'errors', 'validation']}>
        <QueryProvider>
          <SubmitFeedback visit={visit} problem={problem} appointmentId={query.success ? query.data.appointment : ''} />
        </QueryProvider>
      </ClientMessages>
      {problem === 'badLink' ? (
        <p className="mt-6">
          <Link
            href={{ pathname: '/account-section', query: { tab: 'my-reviews' } }}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {t('myReviews')}
          </Link>
        </p>
      ) : null}
    </main>
  );
}

import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import type { Metadata } from 'next';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notFound');
  return { title: t('title'), description: t('description') };
}

/**
 * The translated 404 of paths no page claims (the catch-all beside it); the provider and clinic
 * pages have their own. Not at the [locale] root on purpose: a root layout with a parallel slot
 * (@header) and a not-found.tsx gets a second copy of the whole layout, the 404 inside it, into
 * every page's inline React payload (about 10 kB of each page's HTML).
 */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-20 text-center"
    >
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold text-slate-900">{t('title')}</h1>
      <p className="mt-3 text-lg text-slate-700">{t('description')}</p>
      <Link href="/" className={buttonClass('primary', 'mt-8')}>
        {t('home')}
      </Link>
    </main>
  );
}

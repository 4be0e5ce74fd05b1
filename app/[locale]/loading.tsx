import { getTranslations } from 'next-intl/server';
import { Spinner } from '@/components/ui/spinner';

export default async function Loading() {
  const t = await getTranslations('common');
  return (
    <main id="main" aria-busy="true" className="flex flex-1 items-center justify-center px-4 py-24">
      <Spinner label={t('loading')} />
    </main>
  );
}

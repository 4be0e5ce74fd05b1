import { HydrationBoundary, QueryClient, dehydrate } from '@tanstack/react-query';
import { getCurrentUser } from '@/lib/bff/user';
import { queryKeys } from '@/lib/api-client/query-keys';
import { pageLocale } from '@/lib/i18n/page-props';
import { Header } from '@/components/shell/header';

/**
 * The account page reads the session anyway, so its header gets the user from the server under
 * the header's own query key and shows the account menu in the first HTML, with no placeholder.
 * This slot renders before the page in the layout, which is why the hand-over happens here:
 * a HydrationBoundary inside the page would fill the cache only after the header had rendered.
 * getCurrentUser is cached per request, so page and slot share one /v4 call.
 */
export default async function AccountSectionHeader({ params }: { params: Promise<{ locale: string }> }) {
  const locale = pageLocale((await params).locale);
  const { user } = await getCurrentUser(locale);
  const queryClient = new QueryClient();
  if (user) queryClient.setQueryData(queryKeys.me, user);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Header />
    </HydrationBoundary>
  );
}

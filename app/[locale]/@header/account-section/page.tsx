import { getShellUser } from '@/app/[locale]/_lib/get-shell-user';
import { pageLocale } from '@/lib/i18n/page-props';
import { Header } from '@/components/shell/header';

/**
 * The account page reads the session anyway, so its header gets the user from the server and
 * shows the account menu in the first HTML, with no placeholder; in the browser it then follows
 * the shared `me` query, which the page hydrates (components/shell/use-shell-user.ts).
 * getCurrentUser is cached per request, so page and slot share one /v4 call.
 */
export default async function AccountSectionHeader({ params }: { params: Promise<{ locale: string }> }) {
  const locale = pageLocale((await params).locale);
  return <Header initialUser={await getShellUser(locale)} />;
}

'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { usePreloadOnIntent } from '@/components/ui/preload-on-intent';
import { HomeIcon, ToothIcon } from '@/components/ui/shell-icons';
import { ChatIcon } from '@/components/chat/chat-icon';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { HelpMenu } from './help-menu';
import { LanguagePicker } from './language-picker';
import { isCurrent } from './main-tabs';
import { MobileMenu } from './mobile-menu';
import { useShellUser } from './use-shell-user';
import type { MenuAction } from './menu-items';
import type { ShellUser } from './shell-user';

const PRACTICE_ROUTE = '/list-your-practice';

// The dialogs stay out of the first load: the logout dialog alone brings the API client and
// React Query, which no page needs just to show the header. It is fetched on a signed-in
// visitor's first reach for the page (a pointer over a control, a key, a touch), so it still opens
// when the connection drops later (components/ui/preload-on-intent.ts); the guest dialogs below
// wait for the menu that opens them.
const loadLogoutDialog = () => import('./logout-dialog');
const loadContactDialog = () => import('./contact-dialog');
const loadBrochureDialog = () => import('./brochure-dialog');
const LogoutDialog = dynamic(() => loadLogoutDialog().then((m) => m.LogoutDialog), { ssr: false });
const ContactDialog = dynamic(() => loadContactDialog().then((m) => m.ContactDialog), { ssr: false });
const BrochureDialog = dynamic(() => loadBrochureDialog().then((m) => m.BrochureDialog), { ssr: false });
// The logged-in parts (shortcuts, account menus) load only for a user: rendered on the server where the
// page knows the user (the account page), fetched in the browser otherwise.
const UserMenus = dynamic(() => import('./user-menus').then((m) => m.UserMenus));
const UserNav = dynamic(() => import('./user-menus').then((m) => m.UserNav));
// Only for visitors with the signed-in hint: it brings React Query and the `me` query.
const MeWatcher = dynamic(() => import('./me-watcher').then((m) => m.MeWatcher), { ssr: false });

// The contact and brochure dialogs bring forms, zod and libphonenumber (about 70 kB): fetched
// when the visitor reaches for the help or hamburger menu, not on every page view.
const preloadGuestDialogs = () => {
  void loadContactDialog().catch(() => {});
  void loadBrochureDialog().catch(() => {});
};
const USER_PARTS = [loadLogoutDialog] as const;
const NO_PARTS = [] as const;

/**
 * The site header (SPEC.md section 2): 96px; logo home; language picker; above 900px the main
 * tabs and account menu (logged in) or login, sign-up and help (logged out); at 900px and below
 * a hamburger menu. Both layouts are in the HTML and CSS picks one, so nothing jumps on load.
 *
 * The user is found in the browser (useShellUser), so no page has to read the session cookie
 * just to draw the header and public pages can be served from the cache. Until the answer is
 * known, the account area is an empty box of the size both variants occupy.
 */
export function Header({ initialUser }: { initialUser?: ShellUser }) {
  const { state, watch, report } = useShellUser(initialUser);
  const user = state.status === 'user' ? state.user : undefined;
  const t = useTranslations('shell');
  const pathname = usePathname();
  const [dialog, setDialog] = useState<MenuAction | null>(null);
  // Once opened a dialog stays mounted (closed), so its closing transition can play.
  const [used, setUsed] = useState<readonly MenuAction[]>([]);
  const open = (action: MenuAction) => {
    setUsed((list) => (list.includes(action) ? list : [...list, action]));
    setDialog(action);
  };
  const close = () => setDialog(null);
  const onPracticeRoute = isCurrent(pathname, PRACTICE_ROUTE);
  usePreloadOnIntent(user ? USER_PARTS : NO_PARTS);

  return (
    <header className="h-header border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-full min-w-0 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link
          href="/"
          aria-label={t('homeLink')}
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg text-lg font-bold text-brand-800"
        >
          <ToothIcon className="size-9 text-brand-700" />
          {/* On a phone the row holds the logo, chat, language and menu only: with the name it was
              about 415px wide and every page scrolled sideways at 360 to 414px (e2e/page-widths.spec.ts). */}
          <span className="hidden sm:inline">{t('brand')}</span>
        </Link>

        {state.status === 'pending' ? null : user ? (
          <UserNav label={t('mainNavigation')} pathname={pathname} />
        ) : onPracticeRoute ? (
          <Link
            href="/"
            aria-label={t('home')}
            className="ml-2 hidden size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 nav:inline-flex"
          >
            <HomeIcon className="size-6" />
          </Link>
        ) : (
          <Link
            href={PRACTICE_ROUTE}
            className="ml-2 hidden min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-base font-semibold text-brand-800 hover:bg-brand-50 nav:inline-flex lg:ml-4"
          >
            {t('listYourPractice')}
          </Link>
        )}

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* The chatbot icon leads to the chat assistant (SPEC.md section 2), for every visitor. */}
          <Link
            href="/chat"
            aria-label={t('chatAssistant')}
            title={t('chatAssistant')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50"
          >
            <ChatIcon className="size-6" />
          </Link>
          <LanguagePicker />
          {/* At least as wide at each size as the guest and user variants (in English), so the
              language picker stays put when the user area fills in. */}
          <div className="flex min-w-[5.75rem] items-center justify-end gap-1 sm:min-w-[8.5rem] sm:gap-2 nav:min-w-[17rem]">
            {state.status === 'pending' ? null : user ? (
              <UserMenus user={user} onAction={open} />
            ) : (
              <>
                <Link
                  href="/login"
                  className="hidden min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 nav:inline-flex"
                >
                  {t('login')}
                </Link>
                <Link
                  href="/signup"
                  className="hidden min-h-11 items-center whitespace-nowrap rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 nav:inline-flex"
                >
                  {t('signup')}
                </Link>
                <HelpMenu onAction={open} onIntent={preloadGuestDialogs} />
                <MobileMenu menu="guest" onAction={open} onIntent={preloadGuestDialogs} />
              </>
            )}
          </div>
        </div>
      </div>

      {watch ? <MeWatcher onChange={report} /> : null}
      {user && used.includes('logout') ? <LogoutDialog open={dialog === 'logout'} onClose={close} /> : null}
      {used.includes('contact') ? <ContactDialog open={dialog === 'contact'} onClose={close} /> : null}
      {used.includes('brochure') ? <BrochureDialog open={dialog === 'brochure'} onClose={close} /> : null}
    </header>
  );
}

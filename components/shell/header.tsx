'use client';

import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { HomeIcon, ToothIcon } from '@/components/ui/icons';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { HelpMenu } from './help-menu';
import { LanguagePicker } from './language-picker';
import { ACCOUNT_MENU, ACCOUNT_MENU_SMALL, GUEST_MENU, MAIN_TABS, type MenuAction } from './menu-items';
import { MobileMenu } from './mobile-menu';
import { ProfileMenu } from './profile-menu';
import { useShellUser } from './use-shell-user';

const PRACTICE_ROUTE = '/list-your-practice';

// The dialogs stay out of the first load: the logout one brings the API client, zod and the
// shared contracts, which no page needs just to show the header. They are fetched once the
// browser is idle, so they still open when the connection drops later.
const loadLogoutDialog = () => import('./logout-dialog');
const loadContactDialog = () => import('./contact-dialog');
const loadBrochureDialog = () => import('./brochure-dialog');
const LogoutDialog = dynamic(() => loadLogoutDialog().then((m) => m.LogoutDialog), { ssr: false });
const ContactDialog = dynamic(() => loadContactDialog().then((m) => m.ContactDialog), { ssr: false });
const BrochureDialog = dynamic(() => loadBrochureDialog().then((m) => m.BrochureDialog), { ssr: false });

function usePreloadWhenIdle(loaders: readonly (() => Promise<unknown>)[]) {
  useEffect(() => {
    const run = () => loaders.forEach((load) => void load().catch(() => {}));
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(run, 2000);
    return () => clearTimeout(id);
  }, [loaders]);
}
const GUEST_DIALOGS = [loadContactDialog, loadBrochureDialog] as const;
const USER_DIALOGS = [loadLogoutDialog] as const;

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The site header (SPEC.md section 2): 96px; logo home; language picker; above 900px the main
 * tabs and account menu (logged in) or login, sign-up and help (logged out); at 900px and below
 * a hamburger menu. Both layouts are in the HTML and CSS picks one, so nothing jumps on load.
 *
 * The user is found in the browser (useShellUser), so no page has to read the session cookie
 * just to draw the header and public pages can be served from the cache. Until the answer is
 * known, the account area is an empty box of the size both variants occupy.
 */
export function Header() {
  const state = useShellUser();
  const user = state.status === 'user' ? state.user : undefined;
  const t = useTranslations('shell');
  const tm = useTranslations('menu');
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
  usePreloadWhenIdle(user ? USER_DIALOGS : GUEST_DIALOGS);

  return (
    <header className="h-header border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          href="/"
          aria-label={t('homeLink')}
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg text-lg font-bold text-brand-800"
        >
          <ToothIcon className="size-9 text-brand-700" />
          <span className="hidden min-[360px]:inline">{t('brand')}</span>
        </Link>

        {state.status === 'pending' ? null : user ? (
          <nav aria-label={t('mainNavigation')} className="ml-2 hidden nav:block lg:ml-4">
            <ul className="flex items-center gap-1">
              {MAIN_TABS.map((tab) => {
                const current = isCurrent(pathname, tab.redirectPath!);
                return (
                  <li key={tab.id}>
                    <Link
                      href={tab.redirectPath!}
                      aria-current={current ? 'page' : undefined}
                      className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold hover:bg-brand-50 ${
                        current ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-slate-700'
                      }`}
                    >
                      {tm(tab.labelKey)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
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
          <LanguagePicker />
          {/* At least as wide at each size as the guest and user variants (in English), so the
              language picker stays put when the user area fills in. */}
          <div className="flex min-w-[5.75rem] items-center justify-end gap-1 sm:min-w-[8.5rem] sm:gap-2 nav:min-w-[17rem]">
            {state.status === 'pending' ? null : user ? (
              <>
                <div className="hidden nav:block">
                  <ProfileMenu user={user} items={ACCOUNT_MENU} onAction={open} />
                </div>
                <MobileMenu user={user} items={ACCOUNT_MENU_SMALL} onAction={open} />
              </>
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
                <HelpMenu onAction={open} />
                <MobileMenu items={GUEST_MENU} onAction={open} />
              </>
            )}
          </div>
        </div>
      </div>

      {user && used.includes('logout') ? <LogoutDialog open={dialog === 'logout'} onClose={close} /> : null}
      {used.includes('contact') ? <ContactDialog open={dialog === 'contact'} onClose={close} /> : null}
      {used.includes('brochure') ? <BrochureDialog open={dialog === 'brochure'} onClose={close} /> : null}
    </header>
  );
}

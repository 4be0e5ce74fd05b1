'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { MAIN_TABS, isCurrent } from './main-tabs';
import { MobileMenu } from './mobile-menu';
import { ProfileMenu } from './profile-menu';
import { UserCard } from './user-card';
import type { ShellUser } from './shell-user';
import type { MenuAction } from './menu-items';

/** The logged-in header's menus: the account menu above 900px, the hamburger below (SPEC.md section 2). */
export function UserMenus({ user, onAction }: { user: ShellUser; onAction: (action: MenuAction) => void }) {
  return (
    <>
      <div className="hidden nav:block">
        <ProfileMenu user={user} menu="account" onAction={onAction} />
      </div>
      <MobileMenu heading={<UserCard user={user} />} menu="accountSmall" onAction={onAction} />
    </>
  );
}

/** The logged-in header's shortcuts above 900px (SPEC.md section 2: Favorite and My Appointments). */
export function UserNav({ label, pathname }: { label: string; pathname: string }) {
  const t = useTranslations('menu');
  return (
    <nav aria-label={label} className="ml-2 hidden nav:block lg:ml-4">
      <ul className="flex items-center gap-1">
        {MAIN_TABS.map((tab) => {
          const current = isCurrent(pathname, tab.redirectPath);
          return (
            <li key={tab.id}>
              <Link
                href={tab.redirectPath}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold hover:bg-brand-50 ${
                  current ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-slate-700'
                }`}
              >
                {t(tab.labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { MenuIcon } from '@/components/ui/icons';
import { DropdownMenu } from './dropdown-menu';
import type { MenuAction, MenuEntry } from './menu-items';
import type { ShellUser } from './shell-user';
import { UserCard } from './user-card';

/** The hamburger menu that replaces tabs and the account menu at 900px and below (SPEC.md section 2). */
export function MobileMenu({
  user,
  items,
  onAction,
}: {
  user?: ShellUser;
  items: readonly MenuEntry[];
  onAction: (action: MenuAction) => void;
}) {
  const t = useTranslations('shell');
  return (
    <DropdownMenu
      className="nav:hidden"
      label={t('openMenu')}
      buttonClassName="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
      buttonContent={<MenuIcon className="size-6" />}
      panelClassName="w-[min(20rem,calc(100vw-2rem))]"
      heading={user ? <UserCard user={user} /> : undefined}
      items={items}
      onAction={onAction}
    />
  );
}

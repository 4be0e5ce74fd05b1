'use client';

import { Menu, MenuButton, MenuHeading, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { MenuIcon } from '@/components/ui/icons';
import { MENU_PANEL_CLASS, MenuEntryItem, PANEL_STYLE } from './menu-entry';
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
  const list = items.map((item) => <MenuEntryItem key={item.id} item={item} onAction={onAction} />);
  return (
    <Menu as="div" className="relative nav:hidden">
      <MenuButton
        aria-label={t('openMenu')}
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
      >
        <MenuIcon className="size-6" />
      </MenuButton>
      <MenuItems className={`${MENU_PANEL_CLASS} w-[min(20rem,calc(100vw-2rem))]`} style={PANEL_STYLE}>
        {user ? (
          <MenuSection>
            <MenuHeading as="div" className="px-4 pb-3 pt-2">
              <UserCard user={user} />
            </MenuHeading>
            <MenuSeparator className="mb-2 h-px bg-slate-200" />
            {list}
          </MenuSection>
        ) : (
          list
        )}
      </MenuItems>
    </Menu>
  );
}

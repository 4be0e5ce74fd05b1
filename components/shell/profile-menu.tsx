'use client';

import { Menu, MenuButton, MenuHeading, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon } from '@/components/ui/icons';
import { firstWord } from '@/lib/display/names';
import { MENU_PANEL_CLASS, MenuEntryItem, PANEL_STYLE } from './menu-entry';
import type { MenuAction, MenuEntry } from './menu-items';
import type { ShellUser } from './shell-user';
import { UserCard } from './user-card';

/**
 * The logged-in account menu. The user card heads the item group, so a screen reader hears
 * whose account the items belong to (name, email, place).
 */
export function ProfileMenu({
  user,
  items,
  onAction,
}: {
  user: ShellUser;
  items: readonly MenuEntry[];
  onAction: (action: MenuAction) => void;
}) {
  const t = useTranslations('shell');
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={t('accountMenu', { name: user.name })}
        className="inline-flex min-h-11 items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <Avatar name={user.name} src={user.profileImage} size={40} />
        <span className="max-w-32 truncate">{firstWord(user.name)}</span>
        <ChevronDownIcon className="size-4 text-slate-600" />
      </MenuButton>
      <MenuItems className={`${MENU_PANEL_CLASS} w-80`} style={PANEL_STYLE}>
        <MenuSection>
          <MenuHeading as="div" className="px-4 pb-3 pt-2">
            <UserCard user={user} />
          </MenuHeading>
          <MenuSeparator className="mb-2 h-px bg-slate-200" />
          {items.map((item) => (
            <MenuEntryItem key={item.id} item={item} onAction={onAction} />
          ))}
        </MenuSection>
      </MenuItems>
    </Menu>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon } from '@/components/ui/shell-icons';
import { firstWord } from '@/lib/display/names';
import { DropdownMenu } from './dropdown-menu';
import { UserCard } from './user-card';
import type { MenuAction, MenuId } from './menu-items';
import type { ShellUser } from './shell-user';

/**
 * The logged-in account menu. The user card heads the item group, so a screen reader hears
 * whose account the items belong to (name, email, place).
 */
export function ProfileMenu({
  user,
  menu,
  onAction,
}: {
  user: ShellUser;
  menu: MenuId;
  onAction: (action: MenuAction) => void;
}) {
  const t = useTranslations('shell');
  return (
    <DropdownMenu
      label={t('accountMenu', { name: user.name })}
      buttonClassName="inline-flex min-h-11 items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
      buttonContent={
        <>
          <Avatar name={user} src={user.profileImage} size={40} />
          <span className="max-w-32 truncate">{firstWord(user.name)}</span>
          <ChevronDownIcon className="size-4 text-slate-600" />
        </>
      }
      panelClassName="w-80"
      heading={<UserCard user={user} />}
      menu={menu}
      onAction={onAction}
    />
  );
}

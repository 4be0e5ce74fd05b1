'use client';

import { useTranslations } from 'next-intl';
import { MenuIcon } from '@/components/ui/shell-icons';
import { DropdownMenu } from './dropdown-menu';
import type { ReactNode } from 'react';
import type { MenuAction, MenuId } from './menu-items';

/** The hamburger menu that replaces tabs and the account menu at 900px and below (SPEC.md section 2). */
export function MobileMenu({
  heading,
  menu,
  onAction,
  onIntent,
}: {
  /** The user card, when logged in. */
  heading?: ReactNode;
  menu: MenuId;
  onAction: (action: MenuAction) => void;
  onIntent?: () => void;
}) {
  const t = useTranslations('shell');
  return (
    <DropdownMenu
      className="nav:hidden"
      label={t('openMenu')}
      buttonClassName="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
      buttonContent={<MenuIcon className="size-6" />}
      panelClassName="w-[min(20rem,calc(100vw-2rem))]"
      heading={heading}
      menu={menu}
      onAction={onAction}
      onIntent={onIntent}
    />
  );
}

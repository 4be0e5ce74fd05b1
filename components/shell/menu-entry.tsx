'use client';

import { MenuItem } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import type { MenuAction, MenuEntry } from './menu-items';

export const MENU_PANEL_CLASS =
  'absolute right-0 z-50 mt-2 origin-top-right rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10';

/**
 * The open panel holds focus while the highlighted item shows where the keyboard is, so the
 * panel's own outline is noise. Inline because the global :focus-visible rule is unlayered and
 * outranks any Tailwind utility.
 */
export const PANEL_STYLE = { outline: 'none' } as const;

const ITEM_CLASS =
  'flex w-full min-h-11 items-center gap-3 px-4 py-2 text-left text-sm text-slate-800 data-focus:bg-brand-50 data-focus:text-brand-900';

/** One Headless UI menu item: a localized link, or a button that opens one of the header's dialogs. */
export function MenuEntryItem({ item, onAction }: { item: MenuEntry; onAction: (action: MenuAction) => void }) {
  const t = useTranslations('menu');
  const Icon = item.icon;
  const content = (
    <>
      <Icon className="size-5 shrink-0 text-brand-700" />
      {t(item.labelKey)}
    </>
  );
  return (
    <MenuItem>
      {item.redirectPath ? (
        <Link href={item.redirectPath} className={ITEM_CLASS}>
          {content}
        </Link>
      ) : (
        <button type="button" className={ITEM_CLASS} onClick={() => item.action && onAction(item.action)}>
          {content}
        </button>
      )}
    </MenuItem>
  );
}

'use client';

import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { MENUS, type MenuAction, type MenuEntry, type MenuId } from './menu-items';
import { useSupportContacts } from './support-contacts';
import type { ReactNode } from 'react';

const ITEM_CLASS =
  'flex w-full min-h-11 items-center gap-3 px-4 py-2 text-left text-sm text-slate-800 data-focus:bg-brand-50 data-focus:text-brand-900 data-focus:ring-2 data-focus:ring-inset data-focus:ring-brand-700';

/**
 * A header menu: Headless UI's menu button, so the keyboard (Enter, Space and the arrows open it,
 * arrows, Home, End and letters move, Escape closes back to the button, Tab closes and moves on),
 * focus and ARIA come from one well-tested place. Items are links (client navigation) or buttons
 * that open one of the header's dialogs. `heading` (the user card) labels the group of items, so a
 * screen reader hears whose account they belong to.
 */
export function DropdownMenu({
  label,
  buttonClassName,
  buttonContent,
  panelClassName,
  heading,
  menu,
  onAction,
  onIntent,
  className,
}: {
  /** The button's accessible name. */
  label: string;
  buttonClassName: string;
  buttonContent: ReactNode;
  panelClassName: string;
  heading?: ReactNode;
  menu: MenuId;
  onAction: (action: MenuAction) => void;
  /** The visitor points at, focuses or opens the button: fetch what its items will need. */
  onIntent?: () => void;
  className?: string;
}) {
  const entries = MENUS[menu].map((item) => <MenuEntryItem key={item.id} item={item} onAction={onAction} />);
  return (
    <Menu as="div" className={`relative ${className ?? ''}`}>
      <MenuButton
        aria-label={label}
        className={buttonClassName}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={onIntent}
      >
        {buttonContent}
      </MenuButton>
      {/* Not modal: the page keeps its scroll bar and stays where it is while a menu is open. */}
      <MenuItems
        modal={false}
        className={`absolute right-0 z-50 mt-2 origin-top-right rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10 focus:outline-none ${panelClassName}`}
      >
        {heading ? (
          <MenuSection>
            <MenuHeading as="div" className="px-4 pb-3 pt-2">
              {heading}
            </MenuHeading>
            <MenuSeparator className="mb-2 h-px bg-slate-200" />
            {entries}
          </MenuSection>
        ) : (
          entries
        )}
      </MenuItems>
    </Menu>
  );
}

export function MenuEntryItem({ item, onAction }: { item: MenuEntry; onAction: (action: MenuAction) => void }) {
  const t = useTranslations('menu');
  // A configured contact address (CONTACT_URL) replaces the contact dialog (lib/config/shell-links.ts).
  const { contactUrl } = useSupportContacts();
  const Icon = item.icon;
  const content = (
    <>
      <Icon className="size-5 shrink-0 text-brand-700" />
      {t(item.labelKey)}
    </>
  );
  if (item.redirectPath)
    return (
      <MenuItem as={Link} href={item.redirectPath} className={ITEM_CLASS}>
        {content}
      </MenuItem>
    );
  if (item.action === 'contact' && contactUrl)
    return (
      <MenuItem
        as="a"
        href={contactUrl}
        // A web page opens in a new tab, so the visitor keeps their place; mailto: opens the mail app.
        {...(contactUrl.startsWith('https:') ? { target: '_blank', rel: 'noopener' } : {})}
        className={ITEM_CLASS}
      >
        {content}
      </MenuItem>
    );
  const action = item.action;
  return (
    // The menu closes and gives focus back to its button before the dialog opens, so the dialog
    // gives it back there when it closes.
    <MenuItem as="button" type="button" className={ITEM_CLASS} onClick={() => action && onAction(action)}>
      {content}
    </MenuItem>
  );
}

'use client';

import { Menu, MenuButton, MenuItems } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { QuestionIcon } from '@/components/ui/icons';
import { MENU_PANEL_CLASS, MenuEntryItem, PANEL_STYLE } from './menu-entry';
import { HELP_MENU, type MenuAction } from './menu-items';

/** Logged-out help: contact and the practice brochure (SPEC.md section 2). */
export function HelpMenu({ onAction }: { onAction: (action: MenuAction) => void }) {
  const t = useTranslations('shell');
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={t('help')}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <QuestionIcon className="size-6 sm:size-5" />
        <span className="hidden sm:inline nav:hidden lg:inline">{t('help')}</span>
      </MenuButton>
      <MenuItems className={`${MENU_PANEL_CLASS} w-56`} style={PANEL_STYLE}>
        {HELP_MENU.map((item) => (
          <MenuEntryItem key={item.id} item={item} onAction={onAction} />
        ))}
      </MenuItems>
    </Menu>
  );
}

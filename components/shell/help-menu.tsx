'use client';

import { useTranslations } from 'next-intl';
import { QuestionIcon } from '@/components/ui/shell-icons';
import { DropdownMenu } from './dropdown-menu';
import type { MenuAction } from './menu-items';

/** Logged-out help: contact and the practice brochure (SPEC.md section 2). */
export function HelpMenu({ onAction, onIntent }: { onAction: (action: MenuAction) => void; onIntent?: () => void }) {
  const t = useTranslations('shell');
  return (
    <DropdownMenu
      label={t('help')}
      buttonClassName="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      buttonContent={
        <>
          <QuestionIcon className="size-6 sm:size-5" />
          <span className="hidden sm:inline nav:hidden lg:inline">{t('help')}</span>
        </>
      }
      panelClassName="w-56"
      menu="help"
      onAction={onAction}
      onIntent={onIntent}
    />
  );
}

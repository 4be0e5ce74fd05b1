'use client';

import { CloseButton, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { CloseIcon } from './icons';
import type { ReactNode } from 'react';

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/**
 * A modal dialog (Headless UI: focus trap, inert background, focus returns to the opener).
 * Small by default (SPEC.md section 9). It closes on Escape unless the close button is omitted
 * (`closeLabel` absent), which the spec ties together (section 4).
 */
export function Modal({
  open,
  onClose,
  title,
  closeLabel,
  size = 'sm',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel?: string;
  size?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    // The dialog element itself covers the viewport (not a zero-size wrapper), so it is "visible"
    // to tools and tests that check the dialog role's box.
    <Dialog
      open={open}
      onClose={closeLabel ? onClose : () => {}}
      className="fixed inset-0 z-50 flex w-screen items-center justify-center p-4"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 data-closed:opacity-0"
      />
      <DialogPanel
        transition
        className={`relative max-h-full w-full ${WIDTHS[size]} overflow-y-auto rounded-2xl bg-white p-6 shadow-xl transition duration-200 data-closed:scale-95 data-closed:opacity-0`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <DialogTitle className="text-xl font-semibold text-slate-900">{title}</DialogTitle>
          {closeLabel ? (
            <CloseButton
              aria-label={closeLabel}
              className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon className="size-5" />
            </CloseButton>
          ) : null}
        </div>
        {children}
      </DialogPanel>
    </Dialog>
  );
}

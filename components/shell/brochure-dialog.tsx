'use client';

import { useTranslations } from 'next-intl';
import { ExternalIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { BROCHURE_URL } from './menu-items';

/**
 * The practice brochure PDF in a frame (SPEC.md sections 1 and 7). A plain link comes with it:
 * some browsers (most phones) show only a PDF's first page, or nothing, inside a frame.
 */
export function BrochureDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('shell');
  const tc = useTranslations('common');
  return (
    <Modal open={open} onClose={onClose} title={t('brochureTitle')} closeLabel={tc('close')} size="lg">
      <iframe
        src={BROCHURE_URL}
        title={t('brochureFrame')}
        className="h-[65vh] w-full rounded-lg border border-slate-200"
      />
      <a
        href={BROCHURE_URL}
        target="_blank"
        rel="noopener"
        className="mt-4 inline-flex items-center gap-2 font-medium text-brand-800 underline underline-offset-2"
      >
        {t('brochureOpen')}
        <span className="sr-only"> {tc('opensInNewTab')}</span>
        <ExternalIcon className="size-4" />
      </a>
    </Modal>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { Modal } from '@/components/ui/modal';
import { SupportContactList } from '@/components/shell/support-contact-list';

export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('shell');
  const tc = useTranslations('common');
  return (
    <Modal open={open} onClose={onClose} title={t('contactTitle')} closeLabel={tc('close')}>
      <p className="text-slate-800">{t('contactIntro')}</p>
      <SupportContactList
        variant="icons"
        emailLabel={t('emailLabel')}
        phoneLabel={t('phoneLabel')}
        className="mt-5 space-y-4"
      />
    </Modal>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { useSupportContacts } from '@/components/shell/support-contacts';

export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('shell');
  const tc = useTranslations('common');
  const support = useSupportContacts();
  return (
    <Modal open={open} onClose={onClose} title={t('contactTitle')} closeLabel={tc('close')}>
      <p className="text-slate-800">{t('contactIntro')}</p>
      <dl className="mt-5 space-y-4">
        <div className="flex items-center gap-3">
          <MailIcon className="size-5 shrink-0 text-brand-700" />
          <dt className="sr-only">{t('emailLabel')}</dt>
          <dd>
            <a href={`mailto:${support.email}`} className="font-medium text-brand-800 underline underline-offset-2">
              {support.email}
            </a>
          </dd>
        </div>
        <div className="flex items-center gap-3">
          <PhoneIcon className="size-5 shrink-0 text-brand-700" />
          <dt className="sr-only">{t('phoneLabel')}</dt>
          <dd>
            <a href={support.phoneHref} className="font-medium text-brand-800 underline underline-offset-2">
              {support.phone}
            </a>
          </dd>
        </div>
      </dl>
    </Modal>
  );
}

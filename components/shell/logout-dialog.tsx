'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { QueryProvider } from '@/components/providers/query-provider';
import { useToast } from '@/components/ui/toast';
import { useLogout } from '@/lib/api-client/session';
import { getPathname } from '@/lib/i18n/navigation';

/**
 * Logout confirmation (SPEC.md sections 2 and 4): 'Caution', Confirm / Cancel. After the BFF has
 * ended the session the browser does a full navigation to login, so no server-rendered page
 * (and no header) keeps showing the old user.
 */
/** Loaded on demand by the header, which has no React Query of its own: it brings it. */
export function LogoutDialog(props: { open: boolean; onClose: () => void }) {
  return (
    <QueryProvider>
      <LogoutDialogContent {...props} />
    </QueryProvider>
  );
}

function LogoutDialogContent({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('logout');
  const tc = useTranslations('common');
  const locale = useLocale();
  const toast = useToast();
  const logout = useLogout();

  function confirm() {
    if (logout.isPending || logout.isSuccess) return;
    logout.mutate(undefined, {
      onSuccess: () => {
        // The spec clears local storage on logout; the language survives because it lives in a cookie.
        try {
          window.localStorage.clear();
          window.sessionStorage.clear();
        } catch {
          // storage can be blocked; nothing of ours depends on it
        }
        window.location.assign(getPathname({ href: '/login', locale }));
      },
      // Closed first, or the dialog's backdrop would cover the error toast.
      onError: () => {
        onClose();
        toast.error(t('failed'));
      },
    });
  }

  const busy = logout.isPending || logout.isSuccess;
  return (
    <Modal open={open} onClose={onClose} title={t('title')} closeLabel={tc('close')}>
      <p className="text-slate-800">{t('message')}</p>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700">
        {busy ? t('pending') : ''}
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('cancel')}
        </Button>
        <Button onClick={confirm} aria-disabled={busy || undefined}>
          {t('confirm')}
        </Button>
      </div>
    </Modal>
  );
}

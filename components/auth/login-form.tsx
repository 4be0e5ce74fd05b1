'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useToast } from '@/components/ui/toast';
import { useDeferredForm } from './deferred-form';

export interface LoginNotices {
  /** ?expired=1: the session ended (SPEC.md section 8 "Your Session has been expired"). */
  expired: boolean;
  /** ?registered=1: sign-up just succeeded. */
  registered: boolean;
  /** ?reset=1: a new password was just set. */
  reset: boolean;
  /** ?deleted=1: the account was just deleted (log in within 30 days to restore it; issue 13). */
  deleted: boolean;
}

/** Drops one-shot query flags, so a reload or a shared link does not repeat the toast. */
function removeQueryParams(...names: string[]) {
  const url = new URL(window.location.href);
  names.forEach((n) => url.searchParams.delete(n));
  window.history.replaceState(window.history.state, '', url);
}

// The validation (react-hook-form, zod, the contract, React Query) comes on the first reach for the form.
const loadValidated = () => import('./login-form-validated').then((m) => m.ValidatedLoginForm);

/**
 * The login form: `children` is its plain version, rendered by the server (the page passes
 * <LoginFormView> with the inert password field); the validated one replaces it on the first reach.
 */
export function LoginForm({ notices, children }: { notices: LoginNotices; children: ReactNode }) {
  const t = useTranslations('login');
  const td = useTranslations('deleteAccount');
  const toast = useToast();
  const announced = useRef(false);
  const { loaded, hostProps } = useDeferredForm(loadValidated);

  useEffect(() => {
    // Once per page load, also under React's development double-invocation of effects.
    if (announced.current) return;
    announced.current = true;
    if (notices.registered) toast.success(t('registered'));
    if (notices.reset) toast.success(t('passwordReset'));
    if (notices.deleted) toast.info(td('deletedNotice'));
    if (notices.registered || notices.reset || notices.deleted) removeQueryParams('registered', 'reset', 'deleted');
  }, [notices.registered, notices.reset, notices.deleted, t, td, toast]);

  return <div {...hostProps}>{loaded ? <loaded.Form expired={notices.expired} resume={loaded.resume} /> : children}</div>;
}

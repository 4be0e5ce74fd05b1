'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';

/** Heading that takes focus when its screen replaces another one (not on first page load). */
function ScreenHeading({ children, focus }: { children: string; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-semibold text-slate-900">
      {children}
    </h1>
  );
}

/** Invalid, expired or already used link (SPEC.md section 2, reset-password "error screen"). */
export function ResetPasswordError({ focus = false }: { focus?: boolean }) {
  const t = useTranslations('resetPassword');
  return (
    <div>
      <ScreenHeading focus={focus}>{t('errorHeading')}</ScreenHeading>
      <p className="mt-3 text-slate-700">{t('errorText')}</p>
      <Link href="/forgot-password" className={buttonClass('primary', 'mt-6 w-full')}>
        {t('requestNew')}
      </Link>
    </div>
  );
}

/** The "congratulation screen" after the new password is saved. */
export function ResetPasswordDone() {
  const t = useTranslations('resetPassword');
  return (
    <div>
      <ScreenHeading focus>{t('congratsHeading')}</ScreenHeading>
      <p className="mt-3 text-slate-700">{t('congratsText')}</p>
      <Link href="/login" className={buttonClass('primary', 'mt-6 w-full')}>
        {t('logIn')}
      </Link>
    </div>
  );
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import { goToLogin } from './go-to-login';
import { HeartButton } from './heart-button';

/**
 * The heart for a visitor without the signed-in hint: not pressed, and a press leads to login
 * and back, as the toggle does for them (favorite-toggle.tsx). Without React Query and the
 * favourites client, so the cached provider and clinic pages stay in their budget.
 */
export function SignedOutHeart({ name, className }: { name: string; className?: string }) {
  const t = useTranslations('favorites');
  const locale = useLocale();
  return (
    <HeartButton
      pressed={false}
      label={t('toggleLabel', { name })}
      onClick={() => goToLogin(locale)}
      className={className}
    />
  );
}

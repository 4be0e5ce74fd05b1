'use client';

import { useEffect, useMemo } from 'react';
import { useLocale } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '@/lib/api-client/me';
import { QueryProvider } from '@/components/providers/query-provider';
import { toShellUser } from './shell-user';
import type { ShellUserState } from './use-shell-user';

function Watch({ onChange }: { onChange: (state: ShellUserState) => void }) {
  const locale = useLocale();
  const me = useQuery(meQueryOptions);
  const state = useMemo<ShellUserState>(() => {
    if (me.data) return { status: 'user', user: toShellUser(me.data, locale) };
    if (me.data === null || me.isError) return { status: 'guest' };
    return { status: 'pending' };
  }, [me.data, me.isError, locale]);
  useEffect(() => onChange(state), [state, onChange]);
  return null;
}

/**
 * The header's view of the shared `me` query (components/shell/use-shell-user.ts). Loaded only
 * for visitors with the signed-in hint, so guests on the cached public pages load no query
 * code.
 */
export function MeWatcher({ onChange }: { onChange: (state: ShellUserState) => void }) {
  return (
    <QueryProvider>
      <Watch onChange={onChange} />
    </QueryProvider>
  );
}

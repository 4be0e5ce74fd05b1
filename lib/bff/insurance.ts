import 'server-only';
import { cache } from 'react';
import { currentToken } from './session';
import { callV4 } from './v4-client';
import type { InsuredPerson } from '../contracts/insurance';
import type { Locale } from '../i18n/languages';

/**
 * The logged-in patient's own carrier and plan on file (GET /v4/insurance, the same list the
 * account area shows), or undefined: logged out, none saved, or /v4 unavailable (the listing
 * then simply starts unfiltered). Family members' insurance is theirs, not the searcher's.
 */
export const getOwnInsurance = cache(async function getOwnInsurance(
  locale: Locale,
): Promise<{ carrierId: number; planId: number } | undefined> {
  const token = await currentToken();
  if (!token) return undefined;
  const result = await callV4<InsuredPerson[]>('listInsurance', { token, locale });
  const own = result.ok ? result.data.find((person) => !person.isFamilyMember)?.insurance : undefined;
  return own ? { carrierId: own.carrierId, planId: own.planId } : undefined;
});

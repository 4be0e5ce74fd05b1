import 'server-only';
import { currentToken } from './session';
import { callV4, type V4Result } from './v4-client';
import type { VisitFeedback } from '../contracts/feedback';
import type { Locale } from '../i18n/languages';

/**
 * /submit-feedback's check for the server page (STYLE.md habit 6): the same call
 * GET /api/appointments/{id}/feedback makes. `undefined` means nobody is logged in.
 */
export async function checkFeedback(
  appointmentId: string,
  locale: Locale,
): Promise<V4Result<VisitFeedback> | undefined> {
  const token = await currentToken();
  if (!token) return undefined;
  return callV4<VisitFeedback>('checkFeedback', { locale, token, params: { id: appointmentId } });
}

import 'server-only';
import { translate } from '../../i18n/translate';
import { v4Handler } from '../api/v4-handler';
import { sendSupportRequest } from './support-service';

/** Thin /v4 handlers of support requests (STYLE.md habit 1). */
export const supportHandlers = {
  // PUT /v4/supportEmail - send a support request (subject, message)
  supportEmail: v4Handler('supportEmail', async ({ auth, body, locale }) => {
    await sendSupportRequest(auth, body, locale);
    return { message: translate(locale, 'support.api.sent') };
  }),
};

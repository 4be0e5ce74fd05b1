import 'server-only';
import { v4Handler } from '../api/v4-handler';
import { submitPracticeRequest } from './practice-requests-service';

/** Thin /v4 handlers of the practice listing requests (STYLE.md habit 1). */
export const practiceRequestHandlers = {
  // POST /v4/practiceRequests - a practice asks to be listed; works logged out
  submitPracticeRequest: v4Handler('submitPracticeRequest', ({ body, locale, ip }) =>
    submitPracticeRequest(body, locale, ip),
  ),
};

/*
 * What /submit-feedback keeps in the tab's sessionStorage, so feedback typed once is
 * not lost on the way through login or sign-up:
 * - the draft of each visit (rating and text) as it is typed; `autoSubmit` when a save found the
 *   session gone: after logging in again the page submits it by itself;
 * - the time of a sign-up in this tab, so the page can tell a visitor who just created an account
 *   that the automatic submission failed and they should log in (SPEC.md section 8).
 * sessionStorage is per tab and gone with it: no feedback lingers on a shared computer.
 */

export interface FeedbackDraft {
  rating?: number;
  text: string;
  autoSubmit?: boolean;
}

const draftKey = (appointmentId: string) => `feedback-draft:${appointmentId}`;
const SIGNED_UP_KEY = 'signed-up-at';
/** A sign-up older than this is not "just now". */
const SIGNED_UP_RECENT_MS = 60 * 60_000;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled: drafts simply are not kept
  }
}

export function readDraft(appointmentId: string): FeedbackDraft | undefined {
  const raw = storage()?.getItem(draftKey(appointmentId));
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<FeedbackDraft>;
    const rating =
      Number.isInteger(value.rating) && value.rating! >= 1 && value.rating! <= 5 ? value.rating : undefined;
    return { rating, text: typeof value.text === 'string' ? value.text : '', autoSubmit: value.autoSubmit === true };
  } catch {
    storage()?.removeItem(draftKey(appointmentId)); // corrupt: removed, as SPEC.md section 3 asks of stored values
    return undefined;
  }
}

export function writeDraft(appointmentId: string, draft: FeedbackDraft): void {
  try {
    storage()?.setItem(draftKey(appointmentId), JSON.stringify(draft));
  } catch {
    // full or disabled storage: the draft is a convenience
  }
}

export function clearDraft(appointmentId: string): void {
  storage()?.removeItem(draftKey(appointmentId));
}

/** Called by the sign-up form on success. */
export function noteSignUp(now = Date.now()): void {
  try {
    storage()?.setItem(SIGNED_UP_KEY, String(now));
  } catch {
    // see writeDraft
  }
}

export function signedUpRecently(now = Date.now()): boolean {
  const at = Number(storage()?.getItem(SIGNED_UP_KEY));
  return Number.isFinite(at) && at > 0 && now - at < SIGNED_UP_RECENT_MS;
}

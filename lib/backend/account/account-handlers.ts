import 'server-only';
import { v4Handler } from '../api/v4-handler';
import { deleteAccount } from './account-service';

/** Thin /v4 handlers of account deletion (STYLE.md habit 1). */
export const accountHandlers = {
  // PUT /v4/deleteFadAccount?consent=true - delete the account (restorable by logging in for 30 days)
  deleteAccount: v4Handler('deleteAccount', ({ auth, query, locale }) => deleteAccount(auth, query, locale)),
};

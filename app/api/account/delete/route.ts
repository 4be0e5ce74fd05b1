import { deleteAccountQuerySchema } from '@/lib/contracts/account';
import { parseQuery } from '@/lib/http/query';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/account/delete?consent=true - delete the account (PUT /v4/deleteFadAccount); the
// session is ended upstream, so its cookie goes too.
export const PUT = bffRoute({
  auth: true,
  handle: async ({ request, locale, token, session }) => {
    const { consent } = parseQuery(request, deleteAccountQuerySchema);
    const result = await callV4('deleteAccount', { locale, token, query: { consent } });
    if (result.ok) session.destroy();
    return relay(result);
  },
});

import type { AssistantConversation } from '@/lib/contracts/assistant';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';
import { conversationIdFromCookie, forgetConversation } from '../conversation-cookie';

const EMPTY = () => Response.json({ messages: [] }, { headers: { 'cache-control': 'no-store' } });

// GET /api/assistant/conversation - this browser's conversation so far (empty when there is none)
export const GET = bffRoute({
  handle: async ({ locale, token }) => {
    const id = await conversationIdFromCookie();
    if (!id) return EMPTY();
    const result = await callV4<AssistantConversation>('getAssistantConversation', { params: { id }, token, locale });
    // Expired, or started by a patient who has since logged out: a fresh start, not an error.
    if (!result.ok && (result.status === 404 || result.status === 401)) {
      await forgetConversation();
      return EMPTY();
    }
    return relay(result, (data) => ({ messages: data.messages }));
  },
});

// DELETE /api/assistant/conversation - start a new conversation (the old one expires on the server)
export const DELETE = bffRoute({
  handle: async () => {
    await forgetConversation();
    return EMPTY();
  },
});

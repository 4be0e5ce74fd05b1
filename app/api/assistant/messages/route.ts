import { assistantMessageRequestSchema, type AssistantConversation } from '@/lib/contracts/assistant';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';
import { conversationIdFromCookie, rememberConversation } from '../conversation-cookie';

/** The browser sends the text and its time zone; the conversation id stays in the httpOnly cookie. */
const browserMessageSchema = assistantMessageRequestSchema.omit({ conversationId: true });

// POST /api/assistant/messages - one message to the chat assistant; answers the conversation's messages
export const POST = bffRoute({
  body: browserMessageSchema,
  handle: async ({ body, locale, token, ip, session }) => {
    const conversationId = await conversationIdFromCookie();
    const send = (withToken: string | undefined) =>
      callV4<AssistantConversation>('sendAssistantMessage', { body: { ...body, conversationId }, token: withToken, locale, clientIp: ip });
    let result = await send(token);
    if (!result.ok && result.status === 401 && token) {
      // The /v4 session ended meanwhile: the cookie goes, and the chat, being public, carries on.
      session.destroy();
      result = await send(undefined);
    }
    if (result.ok) await rememberConversation(result.data.conversationId);
    return relay(result, (data) => ({ messages: data.messages }));
  },
});

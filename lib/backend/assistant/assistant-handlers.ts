import 'server-only';
import { conversationIdSchema } from '../../contracts/assistant';
import { ApiError } from '../errors';
import { v4Handler } from '../api/v4-handler';
import { getAssistantConversation, sendAssistantMessage } from './assistant-service';

/** Thin /v4 handlers of the chat assistant. */
// Both routes take an optional token: none sent is anonymous; a dead one is a 401, as elsewhere.
export const assistantHandlers = {
  // POST /v4/assistant/messages - one message in, the conversation so far out
  sendAssistantMessage: v4Handler('sendAssistantMessage', ({ auth, body, ip, locale }) =>
    sendAssistantMessage(body, { userId: auth?.userId, ip, locale }),
  ),
  // GET /v4/assistant/conversations/{id}
  getAssistantConversation: v4Handler('getAssistantConversation', async ({ auth, params }) => {
    const id = conversationIdSchema.safeParse(params.id);
    // An id of another shape is as unknown as a missing one.
    if (!id.success) throw new ApiError('notFound', 'api.notFound');
    return getAssistantConversation(id.data, auth?.userId);
  }),
};

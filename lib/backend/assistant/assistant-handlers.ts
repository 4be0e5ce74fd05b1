import 'server-only';
import { conversationIdSchema } from '../../contracts/assistant';
import { v4Routes, type V4RouteId } from '../../contracts/routes';
import { ApiError } from '../errors';
import { v4Handler, type V4Handler } from '../http/handler';
import { authenticate } from '../auth/auth-service';
import { getAssistantConversation, sendAssistantMessage } from './assistant-service';

/** The patient behind an optional token: none sent is anonymous; a dead one is a 401, as elsewhere. */
async function optionalUser(request: Request): Promise<string | undefined> {
  const token = request.headers.get('x-auth-token');
  return token ? (await authenticate(token)).userId : undefined;
}

/** Thin /v4 handlers of the chat assistant (issue 14). */
export const assistantHandlers: Record<Extract<V4RouteId, 'sendAssistantMessage' | 'getAssistantConversation'>, V4Handler> = {
  // POST /v4/assistant/messages - one message in, the conversation so far out
  sendAssistantMessage: v4Handler({
    body: v4Routes.sendAssistantMessage.body,
    handle: async ({ request, body, ip, locale }) => sendAssistantMessage(body, { userId: await optionalUser(request), ip, locale }),
  }),
  // GET /v4/assistant/conversations/{id}
  getAssistantConversation: v4Handler({
    handle: async ({ request, params }) => {
      const id = conversationIdSchema.safeParse(params.id);
      // An id of another shape is as unknown as a missing one.
      if (!id.success) throw new ApiError('notFound', 'api.notFound');
      return getAssistantConversation(id.data, await optionalUser(request));
    },
  }),
};

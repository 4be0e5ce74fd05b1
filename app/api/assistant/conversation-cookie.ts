import 'server-only';
import { cookies } from 'next/headers';
import { conversationIdSchema } from '@/lib/contracts/assistant';

/*
 * The chat conversation's id lives in its own httpOnly cookie, sent only to /api/assistant
 * (lib/docs/decisions/chat-assistant.md): page scripts never see it, it survives login and
 * logout like any visitor's chat, and the session cookie stays as small as it was.
 */
export const CONVERSATION_COOKIE = 'assistant_conversation';
/** As long as the server keeps an idle conversation (CONVERSATION_IDLE_MS). */
const MAX_AGE_SECONDS = 24 * 60 * 60;

export async function conversationIdFromCookie(): Promise<string | undefined> {
  const value = (await cookies()).get(CONVERSATION_COOKIE)?.value;
  const parsed = conversationIdSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export async function rememberConversation(id: string): Promise<void> {
  (await cookies()).set(CONVERSATION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: process.env.NODE_ENV === 'production',
    path: '/api/assistant',
    maxAge: MAX_AGE_SECONDS,
  });
}

export async function forgetConversation(): Promise<void> {
  (await cookies()).delete({ name: CONVERSATION_COOKIE, path: '/api/assistant' });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import type { AssistantMessage } from '../contracts/assistant';

/*
 * The chat assistant through the BFF. The conversation's id stays in an httpOnly
 * cookie on /api/assistant, so these calls carry only the text; every answer is the
 * conversation's messages, which replace the cached ones.
 */

export interface AssistantThread {
  messages: AssistantMessage[];
}

/** Kept here rather than in query-keys.ts: only the chat screen reads it. */
export const assistantConversationKey = ['assistant', 'conversation'] as const;

// GET /api/assistant/conversation
export function getAssistantConversation(signal?: AbortSignal): Promise<AssistantThread> {
  return apiFetch<AssistantThread>('/assistant/conversation', { signal });
}

export const assistantConversationQueryOptions = queryOptions({
  queryKey: assistantConversationKey,
  queryFn: ({ signal }) => getAssistantConversation(signal),
  // The server holds the truth; the screen changes it only through the mutations below.
  staleTime: Infinity,
  retry: false,
});

/** The visitor's time zone, so "tomorrow" is their tomorrow. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

// POST /api/assistant/messages
export function sendAssistantMessage(text: string): Promise<AssistantThread> {
  const timeZone = browserTimeZone();
  return apiFetch<AssistantThread>('/assistant/messages', {
    method: 'POST',
    body: timeZone ? { text, timeZone } : { text },
  });
}

export function useSendAssistantMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAssistantMessage,
    onSuccess: (thread) => queryClient.setQueryData(assistantConversationKey, thread),
  });
}

// DELETE /api/assistant/conversation - a new conversation
export function useNewAssistantConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<AssistantThread>('/assistant/conversation', { method: 'DELETE' }),
    onSuccess: (thread) => queryClient.setQueryData(assistantConversationKey, thread),
  });
}

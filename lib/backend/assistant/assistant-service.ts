import 'server-only';
import crypto from 'node:crypto';
import {
  MAX_STORED_ASSISTANT_MESSAGES,
  assistantMessageSchema,
  type AssistantConversation,
  type AssistantMessage,
  type AssistantMessageRequest,
} from '../../contracts/assistant';
import { ApiError } from '../errors';
import { assistantEngine } from '../adapters/assistant/assistant-adapter';
import { todayIn } from '../adapters/assistant/time-window';
import { takeLimitedRequest } from '../throttle/throttle-service';
import {
  deleteConversationsIdleSince,
  findConversation,
  saveConversation,
  type ConversationRow,
} from './assistant-repository';
import { assistantTools } from './assistant-tools';
import type { AssistantEngine, ConversationState } from '../adapters/assistant/assistant-engine';
import type { Locale } from '../../i18n/languages';
import type { LimitRule } from '../throttle/rate-limit-repository';

/*
 * The chat assistant. A conversation is a row keyed by the SHA-256 of a random id the
 * client keeps (the BFF in an httpOnly cookie; lib/docs/decisions/chat-assistant.md): what was
 * understood so far, and the latest messages as shown. Each message is limited per address
 * (a model behind ASSISTANT_API_URL costs money per call; the search is not free either).
 */

/** Messages per address: a person typing never gets near it; a script soon does. */
export const ASSISTANT_LIMIT: LimitRule = { name: 'assistant-ip', points: 30, durationSeconds: 5 * 60 };
/** A conversation idle this long is gone (a new one starts), and is deleted at the next cleanup. */
export const CONVERSATION_IDLE_MS = 24 * 60 * 60 * 1000;

function hashOf(id: string): string {
  return crypto.createHash('sha256').update(id).digest('hex');
}

function newConversationId(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Stored messages are read back through the contract: a row from an older shape shows what still fits. */
function storedMessages(row: ConversationRow | undefined): AssistantMessage[] {
  if (!row || !Array.isArray(row.messages)) return [];
  return row.messages.flatMap((m) => {
    const parsed = assistantMessageSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
}

function storedState(row: ConversationRow | undefined): ConversationState {
  const state = row?.state as ConversationState | undefined;
  return state && typeof state === 'object' && state.criteria && typeof state.criteria === 'object'
    ? state
    : { criteria: {} };
}

/** The conversation if this caller may use it: an anonymous one, or one of this patient's. */
async function usableConversation(
  id: string,
  userId: string | undefined,
  now: Date,
): Promise<ConversationRow | undefined> {
  const row = await findConversation(hashOf(id), new Date(now.getTime() - CONVERSATION_IDLE_MS));
  if (!row) return undefined;
  return row.userId === null || row.userId === userId ? row : undefined;
}

/** Today in the visitor's zone; UTC for none or one this server does not know. */
function visitorToday(timeZone: string | undefined, now: Date): string {
  try {
    return todayIn(timeZone ?? 'UTC', now);
  } catch {
    return todayIn('UTC', now);
  }
}

// POST /v4/assistant/messages
export async function sendAssistantMessage(
  input: AssistantMessageRequest,
  context: { userId?: string; ip: string; locale: Locale },
  now = new Date(),
  engine: AssistantEngine = assistantEngine(),
): Promise<AssistantConversation> {
  await takeLimitedRequest(ASSISTANT_LIMIT, context.ip);
  // An unknown, expired or foreign id starts afresh under a new id rather than failing: the
  // visitor just keeps typing (the old id may be a cookie left from yesterday).
  const existing = input.conversationId
    ? await usableConversation(input.conversationId, context.userId, now)
    : undefined;
  const conversationId = existing && input.conversationId ? input.conversationId : newConversationId();
  if (!existing) await deleteConversationsIdleSince(new Date(now.getTime() - CONVERSATION_IDLE_MS));

  const earlier = storedMessages(existing);
  const reply = await engine.reply(
    {
      text: input.text,
      state: storedState(existing),
      history: earlier.map((m) => ({ role: m.role, text: m.text })),
      locale: context.locale,
      today: { date: visitorToday(input.timeZone, now) },
    },
    assistantTools,
  );

  const at = now.toISOString();
  const asked: AssistantMessage = { id: crypto.randomUUID(), role: 'user', text: input.text, createdAt: at };
  const answered: AssistantMessage = {
    id: crypto.randomUUID(),
    role: 'assistant',
    text: reply.text,
    createdAt: at,
    ...(reply.providers?.length ? { providers: reply.providers } : {}),
    ...(reply.suggestions?.length ? { suggestions: reply.suggestions } : {}),
    ...(reply.attachments?.length ? { attachments: reply.attachments } : {}),
  };
  const messages = [...earlier, asked, answered].slice(-MAX_STORED_ASSISTANT_MESSAGES);
  await saveConversation({
    idHash: hashOf(conversationId),
    userId: existing ? existing.userId : (context.userId ?? null),
    state: reply.state,
    messages,
    now,
  });
  return { conversationId, messages };
}

// GET /v4/assistant/conversations/{id}
export async function getAssistantConversation(
  id: string,
  userId: string | undefined,
  now = new Date(),
): Promise<AssistantConversation> {
  const row = await usableConversation(id, userId, now);
  if (!row) throw new ApiError('notFound', 'api.notFound');
  return { conversationId: id, messages: storedMessages(row) };
}

import { z } from 'zod';
import './zod-config';
import { requiredText } from './validation';

/*
 * The chat assistant (SPEC.md sections 1 "chat assistant" and 2 "chatbot icon"):
 * a visitor types a request in English or Spanish, the assistant understands what it can (reason,
 * place, time, insurance, language, visit type), runs the provider search and answers with
 * providers and their next slots, or asks back for what is missing. The conversation lives on
 * the server under a random id (lib/docs/decisions/chat-assistant.md).
 */

/** One message: about a paragraph of a request. Longer ones are refused with a translated 400. */
export const MAX_ASSISTANT_MESSAGE_LENGTH = 500;
/** Conversations keep their latest messages only (what the screen shows and a model reads). */
export const MAX_STORED_ASSISTANT_MESSAGES = 40;
/** Providers shown in one answer. */
export const MAX_ASSISTANT_RESULTS = 4;
/** Slots shown per provider. */
export const MAX_ASSISTANT_SLOTS = 3;

/** 43 characters of base64url: 32 random bytes. */
export const conversationIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid');

/**
 * An IANA time zone such as America/Chicago: "tomorrow" is the visitor's tomorrow. A zone of the
 * right shape that the server does not know counts as UTC rather than failing the message.
 */
const timeZoneSchema = z
  .string()
  .max(64, 'validation.tooLong')
  .regex(/^[A-Za-z0-9_+-]+(?:\/[A-Za-z0-9_+-]+)*$/, 'validation.invalid')
  .describe(
    'IANA time zone of the visitor (default UTC; an unknown one counts as UTC); relative days such as "tomorrow" are counted in it.',
  );

// POST /v4/assistant/messages
export const assistantMessageRequestSchema = z.strictObject({
  /** Absent: a new conversation starts. An unknown or expired id also starts a new one. */
  conversationId: conversationIdSchema.optional(),
  text: requiredText(MAX_ASSISTANT_MESSAGE_LENGTH),
  timeZone: timeZoneSchema.optional(),
});
export type AssistantMessageRequest = z.output<typeof assistantMessageRequestSchema>;

/** `{id}` of /v4/assistant/conversations/{id}: other shapes answer 404 like unknown ids. */
export const conversationIdPathSchema = z.strictObject({ id: conversationIdSchema });

export const assistantSlotSchema = z.object({
  /** UTC instant (ISO 8601 with Z): the booking page's `slot`. */
  start: z.string(),
  /** Office-local date and time (YYYY-MM-DD, HH:mm) in `timeZone`. */
  localDate: z.string(),
  localTime: z.string(),
  timeZone: z.string(),
});
export type AssistantSlot = z.infer<typeof assistantSlotSchema>;

/** A suggested provider at one office, with slots that open the booking preselected. */
export const suggestedProviderSchema = z.object({
  providerId: z.number().int(),
  officeId: z.number().int(),
  displayName: z.string(),
  specialty: z.string().nullable(),
  officeName: z.string(),
  city: z.string(),
  state: z.string(),
  distanceMiles: z.number().nullable(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  teledentalAvailable: z.boolean(),
  languages: z.array(z.string()),
  slots: z.array(assistantSlotSchema),
  /** The visit reason's slug the search was for: its slot links carry it into the booking. */
  visitReason: z.string().optional(),
});
export type SuggestedProvider = z.infer<typeof suggestedProviderSchema>;

/** Things the screen may show with an answer besides its text. */
export const ASSISTANT_ATTACHMENTS = ['supportContacts'] as const;
export type AssistantAttachment = (typeof ASSISTANT_ATTACHMENTS)[number];

export const assistantMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  createdAt: z.string(),
  /** Suggested providers (assistant answers to a search). */
  providers: z.array(suggestedProviderSchema).optional(),
  /** Short replies the visitor may tap instead of typing (e.g. "Tomorrow"). */
  suggestions: z.array(z.string()).optional(),
  /** supportContacts: show the support email and phone (as the contact dialog does). */
  attachments: z.array(z.enum(ASSISTANT_ATTACHMENTS)).optional(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const assistantConversationSchema = z.object({
  conversationId: conversationIdSchema,
  messages: z.array(assistantMessageSchema),
});
export type AssistantConversation = z.infer<typeof assistantConversationSchema>;

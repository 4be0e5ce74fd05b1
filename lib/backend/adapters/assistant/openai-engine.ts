import 'server-only';
import { z } from 'zod';
import { MAX_FILTER_RANGE_DAYS, VISIT_TYPES } from '../../../contracts/discovery';
import { SPOKEN_LANGUAGE_CODES } from '../../../contracts/discovery-catalog';
import { ISO_DATE_PATTERN, parseIsoDate } from '../../../contracts/validation';
import { faqAnswer } from './replies';
import { FAQ_TOPICS, foldMessage, type Catalogues } from './request-parser';
import { addDays, PARTS_OF_DAY, weekdayOf, type TimeWindow } from './time-window';
import type {
  AssistantEngine,
  AssistantReply,
  AssistantTools,
  AssistantTurn,
  SearchCriteria,
} from './assistant-engine';
import type { AssistantAttachment, SuggestedProvider } from '../../../contracts/assistant';

/*
 * An OpenAI-compatible chat-completions endpoint (POST {ASSISTANT_API_URL}/chat/completions,
 * the documented "tools" / "tool_calls" form of function calling) driving the assistant's own
 * tools: the model reads the visitor's words, calls search_providers and answer_question, and
 * writes the answer; the providers it found are shown as the same cards as the embedded
 * engine's. Works with OpenAI and the many servers that speak its API (vLLM, llama.cpp, Ollama).
 */

export interface OpenAiEngineOptions {
  /** Base URL up to the version, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

/** Tool rounds per message: a search, maybe a second one with other words, then the answer. */
const MAX_ROUNDS = 4;
/** Earlier messages a model is shown (the conversation is kept in full on the server). */
const HISTORY_FOR_MODEL = 12;
const MAX_ANSWER_CHARS = 2000;

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z
            .array(
              z.object({
                id: z.string(),
                type: z.literal('function').optional(),
                function: z.object({ name: z.string(), arguments: z.string() }),
              }),
            )
            .optional(),
        }),
      }),
    )
    .min(1),
});

function toolDefinitions(catalogues: Catalogues) {
  return [
    {
      type: 'function',
      function: {
        name: 'search_providers',
        description:
          'Find dentists near a place with free appointment times. Returns up to 4 providers with their next free times; the visitor sees them as cards with booking links.',
        parameters: {
          type: 'object',
          properties: {
            place: {
              type: 'string',
              description: 'City (optionally with state or country) or ZIP code, as the visitor said it.',
            },
            reason: {
              type: 'string',
              enum: catalogues.reasons.map((r) => r.slug),
              description: 'Visit reason, when one was named.',
            },
            specialty: {
              type: 'string',
              enum: catalogues.specialties.map((s) => s.slug),
              description: 'Specialty, when one was asked for.',
            },
            insurance_carrier: {
              type: 'string',
              enum: catalogues.carriers.map((c) => c.name),
              description: "The visitor's insurance carrier.",
            },
            language: {
              type: 'string',
              enum: SPOKEN_LANGUAGE_CODES,
              description: 'A language the dentist must speak (ISO 639-1).',
            },
            visit_type: { type: 'string', enum: VISIT_TYPES, description: 'virtual is a teledental (video) visit.' },
            date_from: {
              type: 'string',
              description: 'First acceptable day, YYYY-MM-DD. Leave out for the soonest free time.',
            },
            date_to: { type: 'string', description: 'Last acceptable day, YYYY-MM-DD (default date_from).' },
            part_of_day: {
              type: 'string',
              enum: PARTS_OF_DAY,
              description: 'morning (before 12), afternoon (from 12) or evening (from 17).',
            },
          },
          required: ['place'],
          additionalProperties: false,
        },
      },
    },
    {
      type: 'function',
      function: {
        name: 'answer_question',
        description:
          "The product's own answer to a common question: refund rules, cancelling or rescheduling, teledental visits, insurance, payment, how to book, support contacts.",
        parameters: {
          type: 'object',
          properties: { topic: { type: 'string', enum: FAQ_TOPICS } },
          required: ['topic'],
          additionalProperties: false,
        },
      },
    },
  ];
}

const searchArgsSchema = z.object({
  place: z.string().min(1).max(200),
  reason: z.string().max(100).optional(),
  specialty: z.string().max(100).optional(),
  insurance_carrier: z.string().max(100).optional(),
  language: z.enum(SPOKEN_LANGUAGE_CODES).optional(),
  visit_type: z.enum(VISIT_TYPES).optional(),
  date_from: z.string().regex(ISO_DATE_PATTERN).optional(),
  date_to: z.string().regex(ISO_DATE_PATTERN).optional(),
  part_of_day: z.enum(PARTS_OF_DAY).optional(),
});
const questionArgsSchema = z.object({ topic: z.enum(FAQ_TOPICS) });

/** The model's dates, kept to what a listing accepts: from today, at most a month long. */
function windowOf(args: z.infer<typeof searchArgsSchema>, today: string): TimeWindow {
  const part = args.part_of_day ? { partOfDay: args.part_of_day } : {};
  if (!args.date_from || !parseIsoDate(args.date_from)) return { kind: 'soonest', ...part };
  const from = args.date_from < today ? today : args.date_from;
  const last = addDays(from, MAX_FILTER_RANGE_DAYS - 1);
  let to = args.date_to && parseIsoDate(args.date_to) && args.date_to >= from ? args.date_to : from;
  if (to > last) to = last;
  return { kind: 'days', from, to, ...part };
}

function systemPrompt(turn: AssistantTurn): string {
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${turn.today.date}T12:00:00Z`),
  );
  const language = turn.locale === 'es' ? 'Spanish, using the formal "usted" form' : 'English';
  return [
    'You are the assistant of Dental Booking, a site where patients find dentists and book appointments.',
    `Today is ${weekday}, ${turn.today.date} (weekday number ${weekdayOf(turn.today.date)}, Sunday = 0) in the visitor's time zone.`,
    `Answer in ${language}, in a few short sentences.`,
    'To find dentists or free times, call search_providers; never invent dentists, times, prices or rules.',
    'If the place (a city or ZIP code) or the time is missing, ask for it before searching.',
    'The visitor sees the providers you found as cards with bookable times under your answer: summarise, do not list every time.',
    'For refunds, cancelling or rescheduling, teledental visits, insurance, payment, how to book and support contacts, call answer_question and pass its answer on faithfully.',
    'Politely decline anything unrelated to dental care and booking.',
  ].join(' ');
}

export function createOpenAiEngine(options: OpenAiEngineOptions): AssistantEngine {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function complete(messages: ChatMessage[], tools: unknown[]) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: options.model, messages, tools, tool_choice: 'auto', temperature: 0.2 }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    if (!response.ok) throw new Error(`chat completions answered ${response.status}`);
    const parsed = completionSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error('chat completions answered an unexpected body');
    return parsed.data.choices[0]!.message;
  }

  return {
    name: 'openai-compatible',

    async reply(turn: AssistantTurn, tools: AssistantTools): Promise<AssistantReply> {
      const catalogues = await tools.catalogues();
      const definitions = toolDefinitions(catalogues);
      const messages: ChatMessage[] = [
        { role: 'system', content: systemPrompt(turn) },
        ...turn.history.slice(-HISTORY_FOR_MODEL).map((m) => ({ role: m.role, content: m.text }) as ChatMessage),
        { role: 'user', content: turn.text },
      ];
      let criteria: SearchCriteria = turn.state.criteria;
      let providers: SuggestedProvider[] | undefined;
      const attachments = new Set<AssistantAttachment>();

      async function runTool(call: ToolCall): Promise<unknown> {
        let args: unknown;
        try {
          args = JSON.parse(call.function.arguments || '{}');
        } catch {
          return { error: 'The arguments were not valid JSON.' };
        }
        if (call.function.name === 'answer_question') {
          const parsed = questionArgsSchema.safeParse(args);
          if (!parsed.success) return { error: `topic must be one of ${FAQ_TOPICS.join(', ')}` };
          const answer = faqAnswer(parsed.data.topic, turn.locale);
          for (const a of answer.attachments ?? []) attachments.add(a);
          return {
            answer: answer.text,
            shownToVisitor: answer.attachments?.length ? 'the support email and phone number' : undefined,
          };
        }
        if (call.function.name !== 'search_providers') return { error: `Unknown tool ${call.function.name}.` };
        const parsed = searchArgsSchema.safeParse(args);
        if (!parsed.success) return { error: 'Invalid arguments: place is required; dates are YYYY-MM-DD.' };
        const a = parsed.data;
        const place = await tools.findPlace([a.place], turn.locale);
        if (!place) return { error: `No place called "${a.place}" was found. Ask the visitor for a city or ZIP code.` };
        const carrier = a.insurance_carrier
          ? catalogues.carriers.find((c) => foldMessage(c.name) === foldMessage(a.insurance_carrier!))
          : undefined;
        criteria = {
          reason: catalogues.reasons.some((r) => r.slug === a.reason) ? a.reason : undefined,
          specialty: catalogues.specialties.some((s) => s.slug === a.specialty) ? a.specialty : undefined,
          carrierId: carrier?.id,
          language: a.language,
          visitType: a.visit_type,
          place,
          window: windowOf(a, turn.today.date),
        };
        const outcome = await tools.searchProviders({ ...criteria, place }, turn.locale, turn.today);
        providers = outcome.providers;
        return {
          place: place.label,
          radiusMiles: outcome.radiusMiles,
          providers: outcome.providers.map((p) => ({
            name: p.displayName,
            specialty: p.specialty,
            office: p.officeName,
            city: `${p.city}, ${p.state}`,
            distanceMiles: p.distanceMiles,
            rating: p.rating.count ? p.rating.average : null,
            freeTimes: p.slots.map((s) => `${s.localDate} ${s.localTime} (${s.timeZone})`),
          })),
        };
      }

      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const message = await complete(messages, definitions);
        const calls = (message.tool_calls ?? []).map((c) => ({ ...c, type: 'function' as const }));
        if (!calls.length) {
          const text = (message.content ?? '').trim().slice(0, MAX_ANSWER_CHARS);
          if (!text) throw new Error('chat completions answered no text');
          return {
            text,
            providers: providers?.length ? providers : undefined,
            attachments: attachments.size ? [...attachments] : undefined,
            state: { criteria },
          };
        }
        messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
        for (const call of calls) {
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(await runTool(call)) });
        }
      }
      throw new Error('chat completions kept calling tools');
    },
  };
}

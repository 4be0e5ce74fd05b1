import 'server-only';
import type { AssistantAttachment, SuggestedProvider } from '../../../contracts/assistant';
import type { SpokenLanguageCode } from '../../../contracts/discovery-catalog';
import type { VisitType } from '../../../contracts/discovery';
import type { Locale } from '../../../i18n/languages';
import type { Catalogues } from './request-parser';
import type { TimeWindow, Today } from './time-window';

/*
 * The assistant adapter (README "Configuration"): one interface, the embedded
 * deterministic engine by default (works offline, no model), an OpenAI-compatible
 * chat-completions endpoint by configuration. Both drive the same tools, which the assistant
 * service implements with the real search (lib/backend/assistant/assistant-tools.ts), so the
 * adapter never reaches into services or the database itself.
 */

export interface ResolvedPlace {
  /** As shown to the visitor: "Miami, FL, USA". */
  label: string;
  lat: number;
  lng: number;
}

/** What a provider search is for; everything optional until the visitor has said it. */
export interface SearchCriteria {
  reason?: string;
  specialty?: string;
  carrierId?: number;
  language?: SpokenLanguageCode;
  visitType?: VisitType;
  place?: ResolvedPlace;
  window?: TimeWindow;
}

/** Kept with the conversation between turns. */
export interface ConversationState {
  criteria: SearchCriteria;
  /** The question the assistant asked last, so a bare "Miami" or "tomorrow" answers it. */
  pending?: 'place' | 'time';
}

export interface SearchOutcome {
  providers: SuggestedProvider[];
  /** Miles searched around the place (the default radius, widened once when nothing was near). */
  radiusMiles: number;
}

export interface AssistantTools {
  /** Reasons, specialties and carriers as the database holds them (names: [English, Spanish]). */
  catalogues(): Promise<Catalogues>;
  /** The first phrase that names a real place (the maps adapter's geocoder), or null. */
  findPlace(phrases: string[], locale: Locale): Promise<ResolvedPlace | null>;
  /** The provider search of GET /v4/providers, with slots in the window and part of the day. */
  searchProviders(
    criteria: SearchCriteria & { place: ResolvedPlace },
    locale: Locale,
    today: Today,
  ): Promise<SearchOutcome>;
}

export interface HistoryMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface AssistantTurn {
  text: string;
  state: ConversationState;
  /** Earlier messages, oldest first (for a model; the embedded engine reads `state`). */
  history: HistoryMessage[];
  locale: Locale;
  today: Today;
}

export interface AssistantReply {
  text: string;
  providers?: SuggestedProvider[];
  suggestions?: string[];
  attachments?: AssistantAttachment[];
  state: ConversationState;
}

export interface AssistantEngine {
  readonly name: 'embedded' | 'openai-compatible';
  reply(turn: AssistantTurn, tools: AssistantTools): Promise<AssistantReply>;
}

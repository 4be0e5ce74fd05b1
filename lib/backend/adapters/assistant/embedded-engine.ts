import 'server-only';
import { DEFAULT_RADIUS_MILES } from '../../../contracts/discovery';
import { describeCriteria, faqAnswer, say, suggestions } from './replies';
import { foldMessage, hasSearchDetails, parseRequest } from './request-parser';
import type {
  AssistantEngine,
  AssistantReply,
  AssistantTurn,
  AssistantTools,
  ConversationState,
  SearchCriteria,
} from './assistant-engine';

/*
 * The default assistant: no model, no network. Each message is read by the deterministic parser
 * (request-parser.ts); what it finds is added to what the conversation already knows, and the
 * assistant either asks for the missing place or time (SPEC: "asks back for what is missing"),
 * answers a common question from the product's rules, or runs the real provider search.
 */

const EXAMPLES = ['example', 'refund', 'teledental', 'support'];
const WHEN = ['tomorrow', 'thisWeek', 'soonest'];

/** Words of a bare answer to "where?" ("miami", "33131", "new york"). */
const MAX_BARE_PLACE_WORDS = 4;

export const embeddedEngine: AssistantEngine = {
  name: 'embedded',

  async reply(turn: AssistantTurn, tools: AssistantTools): Promise<AssistantReply> {
    const { locale, today, state } = turn;
    const catalogues = await tools.catalogues();
    const parsed = parseRequest(turn.text, catalogues, today, locale);
    const keep = (text: string, extra: Partial<AssistantReply> = {}): AssistantReply => ({ text, state, ...extra });

    if (parsed.reset)
      return { text: say(locale, 'reply.reset'), state: { criteria: {} }, suggestions: suggestions(locale, EXAMPLES) };

    const criteria: SearchCriteria = { ...state.criteria };
    if (parsed.reason) criteria.reason = parsed.reason;
    if (parsed.specialty) criteria.specialty = parsed.specialty;
    if (parsed.carrierId) criteria.carrierId = parsed.carrierId;
    if (parsed.language) criteria.language = parsed.language;
    if (parsed.visitType) criteria.visitType = parsed.visitType;
    if (parsed.window) criteria.window = parsed.window;

    // A short message may be just a place ("miami"): the answer to "where?", or a new place for
    // the last search. The geocoder's check keeps other short words from counting as one.
    const folded = foldMessage(turn.text);
    const nothingElse = !hasSearchDetails(parsed) && !parsed.topic && !parsed.greeting && !parsed.thanks;
    const bare =
      (state.pending === 'place' || nothingElse) &&
      folded &&
      folded.split(' ').length <= MAX_BARE_PLACE_WORDS &&
      !parsed.window
        ? [folded]
        : [];
    const candidates = [...parsed.placeCandidates, ...bare.filter((b) => !parsed.placeCandidates.includes(b))];
    const place = candidates.length ? await tools.findPlace(candidates, locale) : null;
    if (place) criteria.place = place;
    const missedPlace = place ? undefined : parsed.namedPlace;

    const asksForCare = Boolean(parsed.reason || parsed.specialty || place || parsed.window || parsed.nearMe);
    if (parsed.topic && !asksForCare) {
      // Carrier or language named in the question still count for the next search.
      return { ...faqAnswer(parsed.topic, locale), state: { ...state, criteria } };
    }
    const understood = hasSearchDetails(parsed) || place !== null;
    if (!understood && !parsed.wantsCare && !parsed.nearMe) {
      if (parsed.greeting) return keep(say(locale, 'reply.greeting'), { suggestions: suggestions(locale, EXAMPLES) });
      if (parsed.thanks) return keep(say(locale, 'reply.thanks'));
      if (state.pending === 'place') return keep(say(locale, 'reply.askPlace'));
      if (state.pending === 'time')
        return keep(say(locale, 'reply.timeNotUnderstood'), { suggestions: suggestions(locale, WHEN) });
      return keep(say(locale, 'reply.notUnderstood'), { suggestions: suggestions(locale, EXAMPLES) });
    }

    const next: ConversationState = { criteria };
    if (!criteria.place) {
      const summary = describeCriteria(criteria, catalogues, locale, today);
      const text = missedPlace
        ? say(locale, 'reply.placeNotFound', { place: missedPlace })
        : parsed.nearMe
          ? say(locale, 'reply.askPlaceNearMe')
          : summary
            ? say(locale, 'reply.askPlaceWith', { summary })
            : say(locale, 'reply.askPlace');
      return { text, state: { ...next, pending: 'place' } };
    }
    if (!criteria.window) {
      const summary = describeCriteria(criteria, catalogues, locale, today);
      return {
        text: say(locale, 'reply.askTime', { summary }),
        state: { ...next, pending: 'time' },
        suggestions: suggestions(locale, WHEN),
      };
    }

    const outcome = await tools.searchProviders({ ...criteria, place: criteria.place }, locale, today);
    const summary = describeCriteria(criteria, catalogues, locale, today);
    if (!outcome.providers.length) {
      return {
        text: say(locale, 'reply.noResults', { summary }),
        state: next,
        suggestions: suggestions(locale, ['thisWeek', 'soonest']),
      };
    }
    const text =
      outcome.radiusMiles > DEFAULT_RADIUS_MILES
        ? say(locale, 'reply.resultsWidened', { summary, near: DEFAULT_RADIUS_MILES, radius: outcome.radiusMiles })
        : say(locale, 'reply.results', { summary });
    return { text, state: next, providers: outcome.providers };
  },
};

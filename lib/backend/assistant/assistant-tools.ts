import 'server-only';
import {
  MAX_ASSISTANT_RESULTS,
  MAX_ASSISTANT_SLOTS,
  type AssistantSlot,
  type SuggestedProvider,
} from '../../contracts/assistant';
import {
  DEFAULT_RADIUS_MILES,
  MAX_RADIUS_MILES,
  MAX_SLOT_RANGE_DAYS,
  NEXT_SLOTS_LOOKAHEAD_DAYS,
} from '../../contracts/discovery';
import { foldMessage, type Catalogues } from '../adapters/assistant/request-parser';
import { addDays, inPartOfDay, type Today } from '../adapters/assistant/time-window';
import { geocodePlace } from '../geo/geo-service';
import { insuranceCarrierList, specialtyList, visitReasonList } from '../reference/catalogue-service';
import { listProviders } from '../search/listings-service';
import { providerSlots } from '../providers/slots-service';
import type {
  AssistantTools,
  ResolvedPlace,
  SearchCriteria,
  SearchOutcome,
} from '../adapters/assistant/assistant-engine';
import type { Locale } from '../../i18n/languages';
import type { ProviderCard, ProviderListQuery } from '../../contracts/providers';

/*
 * The assistant's tools, the same for the embedded engine and a model: places through
 * the maps adapter's geocoder (GET /v4/geo/geocode's service), providers through the listing of
 * GET /v4/providers, and slots through GET /v4/providers/{id}/slots's service when a part of
 * the day has to be honoured beyond the listing's first few slots.
 */

/** Candidates ranked by the listing; a few more than shown, as a part of the day may rule some out. */
const CANDIDATES = 12;

async function catalogues(): Promise<Catalogues> {
  const [reasonsEn, reasonsEs, specialtiesEn, specialtiesEs, carriers] = await Promise.all([
    visitReasonList('en'),
    visitReasonList('es'),
    specialtyList('en'),
    specialtyList('es'),
    insuranceCarrierList(),
  ]);
  const pair = (en: { slug: string; name: string }[], es: { slug: string; name: string }[]) => {
    const spanish = new Map(es.map((e) => [e.slug, e.name]));
    return en.map((e) => ({ slug: e.slug, names: [e.name, spanish.get(e.slug) ?? e.name] }));
  };
  return {
    reasons: pair(reasonsEn, reasonsEs),
    specialties: pair(specialtiesEn, specialtiesEs),
    carriers: carriers.map((c) => ({ id: c.id, name: c.name })),
  };
}

/**
 * The geocoder answers its best match for any text (a prefix will do), so a phrase counts as a
 * place only when it is that place's name or postal code, possibly followed by qualifiers
 * ("austin tx"). Names are compared in both languages ("New York" / "Nueva York").
 */
async function findPlace(phrases: string[], locale: Locale): Promise<ResolvedPlace | null> {
  for (const phrase of phrases) {
    const text = foldMessage(phrase);
    if (!text) continue;
    for (const language of [locale, locale === 'en' ? 'es' : 'en'] as const) {
      const answer = await geocodePlace({ q: text, locale: language });
      const place = answer.place;
      if (!place) break;
      const names = [place.city, place.postalcode].filter((n): n is string => Boolean(n)).map(foldMessage);
      if (names.some((name) => text === name || text.startsWith(`${name} `))) {
        // Shown in the visitor's language even when the other one matched.
        const shown =
          language === locale
            ? place
            : ((await geocodePlace({ id: place.id ?? undefined, q: place.id ? undefined : text, locale })).place ??
              place);
        return { label: shown.formattedAddress, lat: place.latitude, lng: place.longitude };
      }
    }
  }
  return null;
}

function toSlot(slot: { start: string; localDate: string; localTime: string }, timeZone: string): AssistantSlot {
  return { start: slot.start, localDate: slot.localDate, localTime: slot.localTime, timeZone };
}

function suggestion(card: ProviderCard, slots: AssistantSlot[], visitReason: string | undefined): SuggestedProvider {
  return {
    providerId: card.id,
    officeId: card.office.id,
    displayName: card.displayName,
    specialty: card.specialties[0]?.name ?? null,
    officeName: card.office.name,
    city: card.office.city,
    state: card.office.state,
    distanceMiles: card.distanceMiles,
    rating: card.rating,
    teledentalAvailable: card.office.teledentalAvailable,
    languages: card.languages.map((l) => l.name),
    slots,
    ...(visitReason ? { visitReason } : {}),
  };
}

/** Slots of this card in the window's part of the day: the listing's own, or else the provider's days. */
async function slotsInPartOfDay(
  card: ProviderCard,
  criteria: SearchCriteria,
  range: { from?: string; to?: string },
  today: Today,
) {
  const part = criteria.window?.partOfDay;
  const listed = card.nextSlots
    .filter((s) => inPartOfDay(s.localTime, part))
    .map((s) => toSlot(s, card.office.timeZone));
  if (listed.length || !part) return listed.slice(0, MAX_ASSISTANT_SLOTS);
  const from = range.from ?? today.date;
  const lastDay = addDays(from, Math.min(NEXT_SLOTS_LOOKAHEAD_DAYS, MAX_SLOT_RANGE_DAYS) - 1);
  const to = range.to && range.to < lastDay ? range.to : lastDay;
  const week = await providerSlots(card.id, { officeId: card.office.id, from, to });
  return week.days
    .flatMap((d) => [...d.morning, ...d.afternoon])
    .filter((s) => inPartOfDay(s.localTime, part))
    .slice(0, MAX_ASSISTANT_SLOTS)
    .map((s) => toSlot(s, week.timeZone));
}

async function searchProviders(
  criteria: SearchCriteria & { place: ResolvedPlace },
  locale: Locale,
  today: Today,
): Promise<SearchOutcome> {
  const range = criteria.window?.kind === 'days' ? { from: criteria.window.from, to: criteria.window.to } : {};
  // Nothing within the usual radius (a small town): once more, as far as listings reach.
  for (const radius of [DEFAULT_RADIUS_MILES, MAX_RADIUS_MILES]) {
    const query: ProviderListQuery = {
      lat: criteria.place.lat,
      lng: criteria.place.lng,
      radius,
      visitReason: criteria.reason,
      specialty: criteria.specialty,
      carrier: criteria.carrierId,
      language: criteria.language,
      visitType: criteria.visitType,
      ...range,
      sort: 'availability',
      page: 1,
      pageSize: CANDIDATES,
    };
    const page = await listProviders(query, locale);
    const providers: SuggestedProvider[] = [];
    for (const card of page.items) {
      if (providers.length === MAX_ASSISTANT_RESULTS) break;
      const slots = await slotsInPartOfDay(card, criteria, range, today);
      if (slots.length) providers.push(suggestion(card, slots, criteria.reason));
    }
    if (providers.length || page.total > 0) return { providers, radiusMiles: radius };
  }
  return { providers: [], radiusMiles: MAX_RADIUS_MILES };
}

export const assistantTools: AssistantTools = { catalogues, findPlace, searchProviders };

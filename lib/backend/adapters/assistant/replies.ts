import 'server-only';
import { SPOKEN_LANGUAGES } from '../../../contracts/discovery-catalog';
import { translate } from '../../../i18n/translate';
import { addDays, type Today } from './time-window';
import type { AssistantAttachment } from '../../../contracts/assistant';
import type { Locale } from '../../../i18n/languages';
import type { MessageKey } from '../../../i18n/message-keys';
import type { SearchCriteria } from './assistant-engine';
import type { Catalogues, FaqTopic } from './request-parser';

/*
 * What the assistant says, from the `chat` messages of both catalogues (Spanish in the usted
 * form). Shared by both engines: the embedded one answers with these, and a model is handed the
 * same answers to common questions through its answer_question tool, so the product's rules
 * (24-hour refunds, teledental fees, cancelling) are stated in one place.
 */

type Values = Record<string, string | number>;

export function say(locale: Locale, key: string, values?: Values): string {
  return translate(locale, `chat.${key}` as MessageKey, values);
}

/** The answer to a common question, and what the screen shows with it. */
export function faqAnswer(topic: FaqTopic, locale: Locale): { text: string; attachments?: AssistantAttachment[] } {
  const text = say(locale, `faq.${topic}`);
  return topic === 'support' ? { text, attachments: ['supportContacts'] } : { text };
}

/** Short replies offered after an answer (tapping one sends it). */
export function suggestions(locale: Locale, keys: string[]): string[] {
  return keys.map((key) => say(locale, `suggest.${key}`));
}

function formatDay(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

function nameIn(names: string[], locale: Locale): string {
  return (locale === 'es' ? names[1] : names[0]) ?? names[0] ?? '';
}

/** "for Root canal near Miami, FL, USA tomorrow in the afternoon, in network with Delta Dental". */
export function describeCriteria(
  criteria: SearchCriteria,
  catalogues: Catalogues,
  locale: Locale,
  today: Today,
): string {
  const parts: string[] = [];
  const reason = catalogues.reasons.find((r) => r.slug === criteria.reason);
  if (reason) parts.push(say(locale, 'summary.reason', { name: nameIn(reason.names, locale).toLowerCase() }));
  const specialty = catalogues.specialties.find((s) => s.slug === criteria.specialty);
  if (specialty) parts.push(say(locale, 'summary.specialty', { name: nameIn(specialty.names, locale) }));
  if (criteria.place) parts.push(say(locale, 'summary.place', { place: criteria.place.label }));
  const window = criteria.window;
  if (window?.kind === 'days') {
    if (window.from === window.to) {
      if (window.from === today.date) parts.push(say(locale, 'summary.today'));
      else if (window.from === addDays(today.date, 1)) parts.push(say(locale, 'summary.tomorrow'));
      else parts.push(say(locale, 'summary.day', { date: formatDay(window.from, locale) }));
    } else {
      parts.push(
        say(locale, 'summary.range', { from: formatDay(window.from, locale), to: formatDay(window.to, locale) }),
      );
    }
  } else if (window?.kind === 'soonest') {
    parts.push(say(locale, 'summary.soonest'));
  }
  if (window?.partOfDay) parts.push(say(locale, `summary.${window.partOfDay}`));
  const carrier = catalogues.carriers.find((c) => c.id === criteria.carrierId);
  if (carrier) parts.push(say(locale, 'summary.carrier', { name: carrier.name }));
  const language = SPOKEN_LANGUAGES.find((l) => l.code === criteria.language);
  if (language) parts.push(say(locale, 'summary.language', { language: language[locale].toLowerCase() }));
  if (criteria.visitType)
    parts.push(say(locale, criteria.visitType === 'virtual' ? 'summary.virtual' : 'summary.inOffice'));
  return parts.join(' ');
}

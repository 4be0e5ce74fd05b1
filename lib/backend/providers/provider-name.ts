import 'server-only';
import type { Locale } from '../../i18n/languages';

/**
 * "Dr. Ana Núñez" in English; "Dra. Ana Núñez" / "Dr. ..." in Spanish: how a provider is named
 * wherever the backend names one (cards, appointments, reviews, emails), from their row.
 */
export function doctorName(row: { first_name: string; last_name: string; gender: string }, locale: Locale): string {
  const prefix = locale === 'es' && row.gender === 'female' ? 'Dra.' : 'Dr.';
  return `${prefix} ${row.first_name} ${row.last_name}`;
}

/**
 * Fixed catalogues of discovery: codes stored on providers and offices, with their
 * English and Spanish labels. Client-safe: filter menus label their options from here, and
 * the /v4 API answers `{ code, name }` in the request's language from the same table.
 * Specialties, visit reasons, services and insurance live in the database instead (they are
 * searched by the global typeahead).
 */
export interface CatalogEntry {
  readonly code: string;
  readonly en: string;
  readonly es: string;
}

export const SPOKEN_LANGUAGES = [
  { code: 'en', en: 'English', es: 'Inglés' },
  { code: 'es', en: 'Spanish', es: 'Español' },
  { code: 'zh', en: 'Chinese', es: 'Chino' },
  { code: 'vi', en: 'Vietnamese', es: 'Vietnamita' },
  { code: 'ko', en: 'Korean', es: 'Coreano' },
  { code: 'tl', en: 'Tagalog', es: 'Tagalo' },
  { code: 'ru', en: 'Russian', es: 'Ruso' },
  { code: 'ar', en: 'Arabic', es: 'Árabe' },
  { code: 'fr', en: 'French', es: 'Francés' },
  { code: 'ht', en: 'Haitian Creole', es: 'Criollo haitiano' },
  { code: 'pt', en: 'Portuguese', es: 'Portugués' },
  { code: 'hi', en: 'Hindi', es: 'Hindi' },
  { code: 'ur', en: 'Urdu', es: 'Urdu' },
  { code: 'fa', en: 'Persian', es: 'Persa' },
  { code: 'pl', en: 'Polish', es: 'Polaco' },
  { code: 'it', en: 'Italian', es: 'Italiano' },
  { code: 'de', en: 'German', es: 'Alemán' },
  { code: 'ja', en: 'Japanese', es: 'Japonés' },
  { code: 'he', en: 'Hebrew', es: 'Hebreo' },
  { code: 'el', en: 'Greek', es: 'Griego' },
] as const satisfies readonly CatalogEntry[];
export type SpokenLanguageCode = (typeof SPOKEN_LANGUAGES)[number]['code'];
export const SPOKEN_LANGUAGE_CODES = SPOKEN_LANGUAGES.map((l) => l.code) as [
  SpokenLanguageCode,
  ...SpokenLanguageCode[],
];

export const TECHNOLOGIES = [
  { code: 'digital-xray', en: 'Digital X-rays', es: 'Radiografías digitales' },
  { code: 'panoramic-xray', en: 'Panoramic X-ray', es: 'Radiografía panorámica' },
  { code: 'cbct-3d', en: '3D cone beam CT', es: 'Tomografía 3D de haz cónico' },
  { code: 'intraoral-camera', en: 'Intraoral camera', es: 'Cámara intraoral' },
  { code: 'digital-impressions', en: 'Digital impressions (no putty)', es: 'Impresiones digitales (sin pasta)' },
  { code: 'same-day-crowns', en: 'Same-day crowns (CAD/CAM)', es: 'Coronas en el día (CAD/CAM)' },
  { code: 'dental-laser', en: 'Dental laser', es: 'Láser dental' },
  { code: 'electric-handpieces', en: 'Quiet electric handpieces', es: 'Piezas de mano eléctricas silenciosas' },
  { code: 'nitrous-oxide', en: 'Nitrous oxide (laughing gas)', es: 'Óxido nitroso (gas de la risa)' },
  { code: 'caries-detection', en: 'Laser cavity detection', es: 'Detección láser de caries' },
  { code: 'teledentistry-platform', en: 'Secure video visits', es: 'Videoconsultas seguras' },
] as const satisfies readonly CatalogEntry[];

export const AMENITIES = [
  { code: 'wheelchair-accessible', en: 'Wheelchair accessible', es: 'Accesible en silla de ruedas' },
  { code: 'free-parking', en: 'Free parking', es: 'Estacionamiento gratuito' },
  { code: 'public-transit', en: 'Near public transit', es: 'Cerca del transporte público' },
  { code: 'wifi', en: 'Free Wi-Fi', es: 'Wi-Fi gratuito' },
  { code: 'tv-in-rooms', en: 'TVs in treatment rooms', es: 'Televisión en las salas de tratamiento' },
  { code: 'headphones', en: 'Noise-canceling headphones', es: 'Auriculares con cancelación de ruido' },
  { code: 'kid-friendly', en: 'Kid-friendly waiting room', es: 'Sala de espera para niños' },
  { code: 'evening-hours', en: 'Evening hours', es: 'Horario vespertino' },
  { code: 'weekend-hours', en: 'Weekend hours', es: 'Horario de fin de semana' },
  { code: 'coffee-bar', en: 'Coffee and tea bar', es: 'Café y té' },
  { code: 'blankets', en: 'Warm blankets', es: 'Mantas térmicas' },
] as const satisfies readonly CatalogEntry[];

const byCode = new Map<string, CatalogEntry>(
  [...SPOKEN_LANGUAGES, ...TECHNOLOGIES, ...AMENITIES].map((entry) => [entry.code, entry]),
);

/** `{ code, name }` in the given locale; unknown codes keep the code as their name. */
export function catalogLabel(code: string, locale: 'en' | 'es'): { code: string; name: string } {
  const entry = byCode.get(code);
  return { code, name: entry ? entry[locale] : code };
}

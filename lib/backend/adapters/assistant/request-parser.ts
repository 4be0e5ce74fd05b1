import 'server-only';
import { SPOKEN_LANGUAGES, type SpokenLanguageCode } from '../../../contracts/discovery-catalog';
import { parseTimeWindow, TIME_WORDS, type TimeWindow, type Today } from './time-window';
import type { VisitType } from '../../../contracts/discovery';

/*
 * The embedded assistant's reader: deterministic, offline, English and Spanish. It
 * finds in one message what a provider search needs (reason, specialty, place, time, insurance
 * carrier, spoken language, visit type) or which common question is asked. Reasons, specialties
 * and carriers come from the database's catalogues (the same the filters use), with a few
 * everyday words for each; places are only proposed here (phrases after "near", "in", "cerca
 * de", ...) and confirmed by the maps adapter's geocoder in the service.
 */

export interface CatalogueEntry {
  slug: string;
  /** Names in every language (the catalogue's English and Spanish names). */
  names: string[];
}

export interface Catalogues {
  reasons: CatalogueEntry[];
  specialties: CatalogueEntry[];
  carriers: { id: number; name: string }[];
}

export const FAQ_TOPICS = ['refund', 'cancel', 'teledental', 'insurance', 'payment', 'support', 'booking'] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

export interface ParsedRequest {
  reason?: string;
  specialty?: string;
  carrierId?: number;
  language?: SpokenLanguageCode;
  visitType?: VisitType;
  window?: TimeWindow;
  /** Place phrases to try, best first (a ZIP code, the words after "near"/"cerca de", capitalised names). */
  placeCandidates: string[];
  /** The phrase the visitor clearly gave as a place (a ZIP code or after "near", "en"...), if any. */
  namedPlace?: string;
  /** "near me" / "cerca de mí": a place is meant but not named. */
  nearMe: boolean;
  topic?: FaqTopic;
  greeting: boolean;
  thanks: boolean;
  reset: boolean;
  /** The message speaks of finding care (dentist, appointment, cita...) even without details. */
  wantsCare: boolean;
}

/** Lower case, accents gone, punctuation a space; `/`, `:` and `-` between digits kept for dates. */
export function foldMessage(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\d)-(?=\d)/g, '$1\u0001')
    .replace(/[^\p{L}\p{N}/:\u0001]+/gu, ' ')
    .replace(/\u0001/g, '-')
    .replace(/ +/g, ' ')
    .trim();
}

function contains(text: string, phrase: string): boolean {
  if (!phrase) return false;
  return ` ${text} `.includes(` ${phrase} `);
}

/** The longest phrase of any entry found in the text. */
function bestMatch<T>(text: string, entries: { value: T; phrases: string[] }[]): T | undefined {
  let best: { value: T; length: number } | undefined;
  for (const entry of entries) {
    for (const phrase of entry.phrases) {
      if (phrase.length > (best?.length ?? 0) && contains(text, phrase))
        best = { value: entry.value, length: phrase.length };
    }
  }
  return best?.value;
}

/** Everyday words for catalogue entries, by slug (the catalogue's own names are always used too). */
const REASON_WORDS: Record<string, string[]> = {
  'routine-exam-adult': [
    'checkup',
    'check up',
    'exam',
    'routine exam',
    'revision',
    'chequeo',
    'revision general',
    'consulta general',
  ],
  'routine-exam-child': [
    'checkup for my son',
    'checkup for my daughter',
    'child checkup',
    'revision para mi hijo',
    'revision para mi hija',
  ],
  'dental-cleaning': ['cleaning', 'teeth cleaning', 'clean my teeth', 'limpieza', 'limpieza de dientes', 'profilaxis'],
  'deep-cleaning': ['deep cleaning', 'scaling', 'limpieza profunda'],
  emergency: ['emergency', 'urgent care', 'emergencia', 'urgencia', 'urgencias'],
  toothache: [
    'toothache',
    'tooth ache',
    'tooth pain',
    'tooth hurts',
    'my tooth hurts',
    'dolor de muela',
    'dolor de muelas',
    'dolor de diente',
    'me duele una muela',
    'me duele un diente',
    'me duele la muela',
  ],
  'root-canal': [
    'root canal',
    'root canals',
    'endodontic treatment',
    'endodoncia',
    'tratamiento de conducto',
    'conducto',
  ],
  'tooth-extraction': [
    'extraction',
    'pull a tooth',
    'tooth pulled',
    'tooth removed',
    'extraccion',
    'sacar una muela',
    'sacar un diente',
    'extraer una muela',
  ],
  'wisdom-teeth': ['wisdom tooth', 'wisdom teeth', 'muela del juicio', 'muelas del juicio'],
  'dental-implants': ['implant', 'implants', 'dental implant', 'implante', 'implantes', 'implante dental'],
  dentures: ['denture', 'dentures', 'false teeth', 'dentadura', 'dentadura postiza', 'protesis dental'],
  'teeth-whitening': [
    'whitening',
    'whiten my teeth',
    'teeth whitening',
    'blanqueamiento',
    'blanquear mis dientes',
    'blanqueamiento dental',
  ],
  veneers: ['veneer', 'veneers', 'carilla', 'carillas'],
  crown: ['crown', 'corona'],
  bridge: ['bridge', 'puente'],
  filling: ['filling', 'cavity', 'cavities', 'empaste', 'caries', 'calza', 'tapadura'],
  'broken-tooth': [
    'broken tooth',
    'chipped tooth',
    'cracked tooth',
    'diente roto',
    'diente astillado',
    'muela rota',
    'se me rompio un diente',
  ],
  'bleeding-gums': ['bleeding gums', 'gums bleed', 'sangrado de encias', 'me sangran las encias', 'encias sangrantes'],
  'gum-disease': ['gum disease', 'periodontitis', 'gingivitis', 'enfermedad de las encias'],
  braces: ['braces', 'brackets', 'frenillos', 'frenos', 'ortodoncia'],
  'clear-aligners': ['invisalign', 'aligners', 'clear aligners', 'alineadores', 'alineadores invisibles'],
  'pediatric-first-visit': ['first dental visit', 'first visit for my baby', 'primera visita de mi bebe'],
  tmj: ['jaw pain', 'tmj', 'dolor de mandibula'],
  'bad-breath': ['bad breath', 'halitosis', 'mal aliento'],
  'tooth-sensitivity': ['sensitive teeth', 'sensitivity', 'sensibilidad', 'dientes sensibles'],
  'night-guard': ['night guard', 'mouth guard for grinding', 'guarda nocturna', 'ferula'],
  'teeth-grinding': ['grinding', 'bruxism', 'bruxismo', 'rechino los dientes'],
  'second-opinion': ['second opinion', 'segunda opinion'],
  'swollen-face': ['swollen face', 'swollen jaw', 'swelling', 'cara hinchada', 'hinchazon', 'inflamacion'],
};

const SPECIALTY_WORDS: Record<string, string[]> = {
  'general-dentist': ['family dentist', 'dentista familiar'],
  pedodontist: [
    'pediatric dentist',
    'kids dentist',
    'children s dentist',
    'childrens dentist',
    'dentist for kids',
    'dentist for my kids',
    'dentist for my son',
    'dentist for my daughter',
    'dentista infantil',
    'dentista para ninos',
    'dentista pediatrico',
    'odontopediatra',
    'dentista para mi hijo',
    'dentista para mi hija',
  ],
  orthodontist: ['orthodontist', 'ortodoncista'],
  endodontist: ['endodontist', 'endodoncista'],
  'oral-surgeon': ['oral surgeon', 'cirujano oral', 'cirujano maxilofacial', 'cirujano dental'],
  periodontist: ['periodontist', 'gum specialist', 'periodoncista'],
  'cosmetic-dentist': ['cosmetic dentist', 'dentista estetico', 'dentista cosmetico'],
  'implant-dentist': ['implant dentist', 'implantologo'],
};

const CARRIER_WORDS: Record<string, string[]> = {
  'Delta Dental': ['delta'],
  'Blue Cross Blue Shield': ['bcbs', 'blue cross', 'blue shield'],
  UnitedHealthcare: ['united healthcare', 'united health care', 'uhc', 'united health'],
  MetLife: ['met life'],
  'United Concordia': ['concordia'],
  'Anthem Blue Cross Blue Shield': ['anthem'],
  'Liberty Dental Plan': ['liberty dental'],
  'Sun Life': ['sunlife'],
};

const LANGUAGE_WORDS: Partial<Record<SpokenLanguageCode, string[]>> = {
  zh: ['mandarin', 'cantonese', 'mandarin chinese'],
  es: ['castellano'],
  tl: ['filipino'],
  fa: ['farsi'],
};

/**
 * "speaks Spanish", "Spanish-speaking", "que hable español", "habla inglés". A bare "in Spanish"
 * is not enough: that is more often the visitor asking to be answered in Spanish.
 */
function spokenLanguage(text: string): SpokenLanguageCode | undefined {
  for (const entry of SPOKEN_LANGUAGES) {
    const names = [entry.en, entry.es, ...(LANGUAGE_WORDS[entry.code] ?? [])].map(foldMessage).join('|');
    const pattern = new RegExp(
      `(?:^| )(?:(?:speaks?|speaking|fluent in|hable|habla|hablen|hablan|hablar|sepa) (?:el )?(?:${names})|(?:${names}) (?:speaking|speaker|speakers)|de habla (?:${names}))(?: |$)`,
    );
    if (pattern.test(text)) return entry.code;
  }
  return undefined;
}

const VIRTUAL_WORDS = [
  'teledental',
  'teledentistry',
  'tele dental',
  'video',
  'video visit',
  'video call',
  'virtual',
  'virtually',
  'online',
  'telehealth',
  'remote',
  'remotely',
  'videoconsulta',
  'videollamada',
  'por video',
  'en linea',
  'teleodontologia',
  'a distancia',
  'consulta virtual',
];
const IN_OFFICE_WORDS = [
  'in office',
  'in person',
  'at the office',
  'at the clinic',
  'presencial',
  'en persona',
  'en el consultorio',
  'en la clinica',
  'en el consultorio',
];

const TOPIC_WORDS: Record<FaqTopic, string[]> = {
  refund: [
    'refund',
    'refunds',
    'refunded',
    'money back',
    'reembolso',
    'reembolsos',
    'reembolsan',
    'devolucion',
    'devuelven',
    'devolver el dinero',
  ],
  cancel: [
    'cancel',
    'cancellation',
    'canceling',
    'cancelling',
    'reschedule',
    'rescheduling',
    'change my appointment',
    'move my appointment',
    'cancelar',
    'cancelacion',
    'cancelo',
    'reprogramar',
    'reagendar',
    'cambiar mi cita',
    'mover mi cita',
    'cambiar la cita',
  ],
  teledental: [
    'teledental',
    'teledentistry',
    'video visit',
    'video visits',
    'virtual visit',
    'virtual visits',
    'videoconsulta',
    'videoconsultas',
    'consulta virtual',
    'teleodontologia',
    'consulta por video',
  ],
  insurance: [
    'insurance',
    'insurances',
    'insured',
    'in network',
    'seguro',
    'seguros',
    'aseguradora',
    'seguro dental',
    'en la red',
  ],
  payment: [
    'pay',
    'payment',
    'cost',
    'costs',
    'price',
    'fee',
    'fees',
    'how much',
    'charge',
    'pagar',
    'pago',
    'cuesta',
    'costo',
    'precio',
    'cuanto cuesta',
    'cobran',
    'tarifa',
  ],
  support: [
    'support',
    'contact',
    'contact you',
    'customer service',
    'phone number',
    'email address',
    'talk to a person',
    'talk to someone',
    'human',
    'soporte',
    'contacto',
    'contactar',
    'atencion al cliente',
    'numero de telefono',
    'hablar con una persona',
    'hablar con alguien',
    'correo',
  ],
  booking: [
    'how do i book',
    'how to book',
    'how can i book',
    'como reservo',
    'como reservar',
    'como hago una cita',
    'como agendo',
    'como pido una cita',
  ],
};

const QUESTION_WORDS = [
  'what',
  'how',
  'can i',
  'do you',
  'does',
  'is there',
  'are there',
  'will i',
  'who',
  'when do',
  'where',
  'why',
  'policy',
  'que',
  'como',
  'puedo',
  'aceptan',
  'acepta',
  'hay',
  'cuando',
  'cual',
  'cuales',
  'donde',
  'politica',
  'se puede',
  'me devuelven',
];

const GREETINGS = [
  'hi',
  'hello',
  'hey',
  'good morning',
  'good afternoon',
  'good evening',
  'hola',
  'buenos dias',
  'buenas tardes',
  'buenas noches',
  'buenas',
  'help',
  'ayuda',
  'what can you do',
  'que puedes hacer',
  'que haces',
];
const THANKS = ['thanks', 'thank you', 'thx', 'great thanks', 'gracias', 'muchas gracias', 'perfecto gracias'];
const RESETS = [
  'start over',
  'start again',
  'new search',
  'reset',
  'clear',
  'empezar de nuevo',
  'nueva busqueda',
  'otra busqueda',
  'borrar',
  'reiniciar',
];
const CARE_WORDS = [
  'dentist',
  'dentists',
  'dental',
  'doctor',
  'appointment',
  'book',
  'booking',
  'slot',
  'visit',
  'find',
  'need',
  'looking for',
  'available',
  'dentista',
  'dentistas',
  'odontologo',
  'odontologa',
  'doctora',
  'cita',
  'turno',
  'consulta',
  'reservar',
  'agendar',
  'busco',
  'necesito',
  'disponible',
];

/** Words that end a place name ("near Austin tomorrow" -> "Austin"). */
const PLACE_STOP = new Set([
  ...TIME_WORDS,
  'i',
  'im',
  'with',
  'who',
  'that',
  'and',
  'for',
  'please',
  'at',
  'around',
  'near',
  'in',
  'to',
  'or',
  'but',
  'my',
  'have',
  'has',
  'accepts',
  'accepting',
  'takes',
  'taking',
  'speaks',
  'speaking',
  'dentist',
  'dentists',
  'doctor',
  'area',
  'por',
  'con',
  'que',
  'para',
  'y',
  'o',
  'pero',
  'tengo',
  'mi',
  'acepte',
  'acepta',
  'hable',
  'habla',
  'dentista',
  'dentistas',
  'doctora',
  'zona',
  'cerca',
  'de',
  'del',
  'a',
  'en',
  'insurance',
  'seguro',
  'appointment',
  'cita',
  'video',
  'virtual',
  'teledental',
  'online',
  'an',
  'the',
  'any',
  'some',
  'network',
  'red',
  'pain',
  'dolor',
  'person',
  'persona',
  'office',
  'consultorio',
  'clinic',
  'clinica',
  'general',
  'need',
  'want',
  'necesito',
  'quiero',
  'busco',
  'me',
  'you',
  'usted',
  ...SPOKEN_LANGUAGES.flatMap((l) => [foldMessage(l.en), foldMessage(l.es)]),
]);
const PLACE_MARKERS = [
  'near',
  'nearby',
  'around',
  'in',
  'close to',
  'at',
  'by',
  'cerca de',
  'cerca del',
  'en',
  'por',
  'alrededor de',
  'zona de',
  'area of',
  'area de',
];
/** Place names may start with an article ("Los Angeles", "El Paso", "La Jolla", "The Woodlands"). */
/** Words that often open a sentence with a capital (questions, greetings, requests). */
const SENTENCE_WORDS = new Set(
  [...QUESTION_WORDS, ...GREETINGS, ...THANKS, ...CARE_WORDS, ...RESETS].flatMap((p) => p.split(' ')),
);
const INNER_CONNECTORS = new Set(['de', 'del', 'of', 'la', 'los', 'las']);
const LEADING_ARTICLES = new Set([
  'los',
  'las',
  'la',
  'el',
  'the',
  'san',
  'santa',
  'new',
  'st',
  'saint',
  'fort',
  'ft',
  'port',
  'north',
  'south',
  'east',
  'west',
]);

function placeCandidates(folded: string, raw: string): { candidates: string[]; named?: string } {
  const words = folded.split(' ');
  const out: string[] = [];
  const push = (phrase: string) => {
    const p = phrase.trim();
    const onlyFiller = p
      .split(' ')
      .every((w) => PLACE_STOP.has(w) || LEADING_ARTICLES.has(w) || INNER_CONNECTORS.has(w));
    if (p.length >= 3 && !onlyFiller && !out.includes(p)) out.push(p);
  };
  for (const zip of folded.match(/(?:^| )(\d{5})(?= |$)/g) ?? []) push(zip);
  for (let i = 0; i < words.length; i += 1) {
    for (const marker of PLACE_MARKERS) {
      const parts = marker.split(' ');
      if (!parts.every((p, k) => words[i + k] === p)) continue;
      const start = i + parts.length;
      const phrase: string[] = [];
      for (let j = start; j < words.length && phrase.length < 4; j += 1) {
        const word = words[j]!;
        const leading = phrase.length === 0 && LEADING_ARTICLES.has(word);
        // "Ciudad de México", "Isle of Palms": a connector inside a name, not after it.
        const inner =
          phrase.length > 0 && INNER_CONNECTORS.has(word) && j + 1 < words.length && !PLACE_STOP.has(words[j + 1]!);
        if (!leading && !inner && PLACE_STOP.has(word)) break;
        if (/^\d+$/.test(word) && word.length !== 5) break;
        phrase.push(word);
      }
      for (let n = phrase.length; n >= 1; n -= 1) {
        if (!INNER_CONNECTORS.has(phrase[n - 1]!)) push(phrase.slice(0, n).join(' '));
      }
    }
  }
  const named = out[0];
  // Capitalised words anywhere ("dentist Miami tomorrow"), the sentence's first word aside.
  const capitalised = raw.match(/(?<=\s|,)\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+){0,3}/gu) ?? [];
  for (const name of capitalised) {
    // "What", "Hola", "I" start sentences, not place names: leading common words are dropped.
    const words = foldMessage(name).split(' ');
    while (words.length && (PLACE_STOP.has(words[0]!) || SENTENCE_WORDS.has(words[0]!))) words.shift();
    if (words.length) push(words.join(' '));
  }
  return { candidates: out, named };
}

function entriesOf(catalogue: CatalogueEntry[], extra: Record<string, string[]>) {
  return catalogue.map((entry) => ({
    value: entry.slug,
    phrases: [
      ...entry.names.flatMap((name) => {
        const folded = foldMessage(name);
        // "Routine exam (adult)" is also just "routine exam (adult)" without the brackets.
        const bare = foldMessage(name.replace(/\([^)]*\)/g, ''));
        return bare && bare !== folded ? [folded, bare] : [folded];
      }),
      ...(extra[entry.slug] ?? []),
    ],
  }));
}

/** Reads one message. `today` anchors relative days; `locale` reads 3/12 as March 12 (en) or 3 December (es). */
export function parseRequest(text: string, catalogues: Catalogues, today: Today, locale: 'en' | 'es'): ParsedRequest {
  const folded = foldMessage(text);
  const reason = bestMatch(folded, entriesOf(catalogues.reasons, REASON_WORDS));
  const specialty = bestMatch(folded, entriesOf(catalogues.specialties, SPECIALTY_WORDS));
  const carrierId = bestMatch(
    folded,
    catalogues.carriers.map((c) => ({ value: c.id, phrases: [foldMessage(c.name), ...(CARRIER_WORDS[c.name] ?? [])] })),
  );
  const language = spokenLanguage(folded);
  const virtual = VIRTUAL_WORDS.some((w) => contains(folded, w));
  const inOffice = IN_OFFICE_WORDS.some((w) => contains(folded, w));
  const visitType: VisitType | undefined = inOffice ? 'inOffice' : virtual ? 'virtual' : undefined;
  const window = parseTimeWindow(folded, today, locale);
  const topicMatch = bestMatch(
    folded,
    FAQ_TOPICS.map((topic) => ({ value: topic, phrases: TOPIC_WORDS[topic] })),
  );
  const asks = text.includes('?') || QUESTION_WORDS.some((w) => contains(folded, w));
  const places = placeCandidates(folded, ` ${text}`);
  const nearMe =
    /(?:^| )(?:near me|nearby|close to me|around me|cerca de mi|cerca de aqui|cerca de mi casa|por aqui)(?: |$)/.test(
      folded,
    );
  return {
    reason,
    specialty,
    carrierId,
    language,
    visitType,
    window,
    placeCandidates: places.candidates,
    namedPlace: places.named,
    nearMe,
    // A topic is a question only when asked as one, or named alone ("refunds?", "reembolso").
    // Asking for a person or the contacts is never a search, question mark or not.
    topic: topicMatch && (asks || topicMatch === 'support' || folded.split(' ').length <= 3) ? topicMatch : undefined,
    greeting: GREETINGS.some((g) => folded === g || folded.startsWith(`${g} `)) && folded.split(' ').length <= 6,
    thanks: THANKS.some((g) => folded === g || folded.startsWith(`${g} `)),
    reset: RESETS.some((g) => folded === g || contains(folded, g)),
    wantsCare: CARE_WORDS.some((w) => contains(folded, w)),
  };
}

/** Whether the message carries anything a search can use. */
export function hasSearchDetails(parsed: ParsedRequest): boolean {
  return Boolean(
    parsed.reason ||
    parsed.specialty ||
    parsed.carrierId ||
    parsed.language ||
    parsed.visitType ||
    parsed.window ||
    parsed.placeCandidates.length,
  );
}

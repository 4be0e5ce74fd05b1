import { describe, expect, it } from 'vitest';
import { INSURANCE_CARRIERS, SPECIALTIES, VISIT_REASONS } from '../../../db/seed/reference-data';
import { parseRequest, type Catalogues } from './request-parser';
import { inPartOfDay, parseTimeWindow, todayIn } from './time-window';

/*
 * The embedded assistant's reader over a table of English and Spanish requests (at
 * least 40). The catalogues are the seed's, as the database holds them; "today" is a fixed
 * Wednesday, 2026-11-25.
 */

const catalogues: Catalogues = {
  reasons: VISIT_REASONS.map(([slug, en, es]) => ({ slug, names: [en, es] })),
  specialties: SPECIALTIES.map(([slug, en, es]) => ({ slug, names: [en, es] })),
  carriers: INSURANCE_CARRIERS.map((name, i) => ({ id: i + 1, name })),
};
const carrier = (name: string) => INSURANCE_CARRIERS.indexOf(name as (typeof INSURANCE_CARRIERS)[number]) + 1;
const today = { date: '2026-11-25' };
const day = (date: string, partOfDay?: string) =>
  partOfDay ? { kind: 'days', from: date, to: date, partOfDay } : { kind: 'days', from: date, to: date };

type Expected = { place?: string } & Record<string, unknown>;

const cases: [string, 'en' | 'es', Expected][] = [
  // The two examples
  [
    'I need a root canal near Austin tomorrow afternoon, I have Delta Dental',
    'en',
    {
      reason: 'root-canal',
      place: 'austin',
      window: day('2026-11-26', 'afternoon'),
      carrierId: carrier('Delta Dental'),
    },
  ],
  ['dentista que hable español cerca de Miami', 'es', { language: 'es', place: 'miami', window: undefined }],
  // Reasons
  [
    'I have a toothache, can I see someone in Houston today?',
    'en',
    { reason: 'toothache', place: 'houston', window: day('2026-11-25') },
  ],
  [
    'teeth cleaning in Chicago next week',
    'en',
    { reason: 'dental-cleaning', place: 'chicago', window: { kind: 'days', from: '2026-11-30', to: '2026-12-06' } },
  ],
  [
    'My tooth hurts, dentist near 33131 as soon as possible',
    'en',
    { reason: 'toothache', place: '33131', window: { kind: 'soonest' } },
  ],
  [
    'wisdom teeth removal in Phoenix on Friday',
    'en',
    { reason: 'wisdom-teeth', place: 'phoenix', window: day('2026-11-27') },
  ],
  [
    'Need dental implants consult in Denver this week',
    'en',
    { reason: 'dental-implants', place: 'denver', window: { kind: 'days', from: '2026-11-25', to: '2026-11-29' } },
  ],
  [
    'broken tooth emergency in Seattle tonight',
    'en',
    { reason: 'broken-tooth', place: 'seattle', window: day('2026-11-25', 'evening') },
  ],
  [
    'teeth whitening in Los Angeles this weekend',
    'en',
    { reason: 'teeth-whitening', place: 'los angeles', window: { kind: 'days', from: '2026-11-28', to: '2026-11-29' } },
  ],
  ['cavity filling near Boston on December 3', 'en', { reason: 'filling', place: 'boston', window: day('2026-12-03') }],
  ['I want braces for my daughter in Atlanta', 'en', { reason: 'braces', place: 'atlanta' }],
  ['invisalign in New York City', 'en', { reason: 'clear-aligners', place: 'new york city' }],
  [
    'bleeding gums, in Miami in the morning',
    'en',
    { reason: 'bleeding-gums', place: 'miami', window: { kind: 'soonest', partOfDay: 'morning' } },
  ],
  [
    'necesito una endodoncia en Houston mañana por la tarde',
    'es',
    { reason: 'root-canal', place: 'houston', window: day('2026-11-26', 'afternoon') },
  ],
  [
    'me duele una muela, busco dentista en Madrid hoy',
    'es',
    { reason: 'toothache', place: 'madrid', window: day('2026-11-25') },
  ],
  [
    'limpieza dental en Chicago la próxima semana',
    'es',
    { reason: 'dental-cleaning', place: 'chicago', window: { kind: 'days', from: '2026-11-30', to: '2026-12-06' } },
  ],
  [
    'extracción de muelas del juicio cerca de Phoenix el viernes',
    'es',
    { reason: 'wisdom-teeth', place: 'phoenix', window: day('2026-11-27') },
  ],
  [
    'blanqueamiento dental en Los Ángeles este fin de semana',
    'es',
    { reason: 'teeth-whitening', place: 'los angeles', window: { kind: 'days', from: '2026-11-28', to: '2026-11-29' } },
  ],
  ['quiero frenillos para mi hijo en Atlanta', 'es', { reason: 'braces', place: 'atlanta' }],
  [
    'se me rompió un diente, cita urgente en Ciudad de México',
    'es',
    { reason: 'broken-tooth', place: 'ciudad de mexico', window: { kind: 'soonest' } },
  ],
  ['empaste el 3 de diciembre en Boston', 'es', { reason: 'filling', place: 'boston', window: day('2026-12-03') }],
  [
    'implantes dentales en Denver esta semana por la mañana',
    'es',
    {
      reason: 'dental-implants',
      place: 'denver',
      window: { kind: 'days', from: '2026-11-25', to: '2026-11-29', partOfDay: 'morning' },
    },
  ],
  [
    'revisión de rutina para adulto pasado mañana en Miami',
    'es',
    { reason: 'routine-exam-adult', place: 'miami', window: day('2026-11-27') },
  ],
  ['mañana por la mañana en Toronto', 'es', { place: 'toronto', window: day('2026-11-26', 'morning') }],
  ['por la mañana', 'es', { window: { kind: 'soonest', partOfDay: 'morning' } }],
  // Insurance
  ['dentist in Chicago that takes Cigna', 'en', { carrierId: carrier('Cigna'), place: 'chicago' }],
  [
    'I have BCBS, cleaning in Boston tomorrow',
    'en',
    { carrierId: carrier('Blue Cross Blue Shield'), reason: 'dental-cleaning', window: day('2026-11-26') },
  ],
  [
    'tengo seguro MetLife, dentista en Miami el lunes',
    'es',
    { carrierId: carrier('MetLife'), place: 'miami', window: day('2026-11-30') },
  ],
  ['acepta Aetna? cerca de Houston', 'es', { carrierId: carrier('Aetna'), place: 'houston' }],
  [
    'with United Healthcare in Seattle on 12/10',
    'en',
    { carrierId: carrier('UnitedHealthcare'), place: 'seattle', window: day('2026-12-10') },
  ],
  [
    'con Guardian en Madrid el 10/12',
    'es',
    { carrierId: carrier('Guardian'), place: 'madrid', window: day('2026-12-10') },
  ],
  // Language
  ['Spanish-speaking dentist in Houston', 'en', { language: 'es', place: 'houston' }],
  ['a dentist who speaks Vietnamese near Seattle', 'en', { language: 'vi', place: 'seattle' }],
  ['dentista que hable inglés en Madrid', 'es', { language: 'en', place: 'madrid' }],
  ['doctora que habla chino en Los Angeles', 'es', { language: 'zh', place: 'los angeles' }],
  ['Mandarin speaking orthodontist in Toronto', 'en', { language: 'zh', specialty: 'orthodontist', place: 'toronto' }],
  // Visit type and specialty
  ['teledental visit tomorrow in Denver', 'en', { visitType: 'virtual', window: day('2026-11-26'), place: 'denver' }],
  [
    'video consultation with a dentist this afternoon, I live in Phoenix',
    'en',
    { visitType: 'virtual', window: day('2026-11-25', 'afternoon'), place: 'phoenix' },
  ],
  ['videoconsulta con un dentista mañana', 'es', { visitType: 'virtual', window: day('2026-11-26') }],
  [
    'consulta presencial en Miami el jueves',
    'es',
    { visitType: 'inOffice', place: 'miami', window: day('2026-11-26') },
  ],
  [
    'in-person visit with an orthodontist in Chicago',
    'en',
    { visitType: 'inOffice', specialty: 'orthodontist', place: 'chicago' },
  ],
  [
    'pediatric dentist in Boston on Saturday',
    'en',
    { specialty: 'pedodontist', place: 'boston', window: day('2026-11-28') },
  ],
  ['odontopediatra en Atlanta', 'es', { specialty: 'pedodontist', place: 'atlanta' }],
  [
    'oral surgeon near El Paso next Tuesday',
    'en',
    { specialty: 'oral-surgeon', place: 'el paso', window: day('2026-12-01') },
  ],
  // Bare answers to "where?" and "when?"
  ['Miami', 'en', { place: 'miami' }],
  ['tomorrow', 'en', { window: day('2026-11-26') }],
  ['mañana', 'es', { window: day('2026-11-26') }],
  ['lo antes posible', 'es', { window: { kind: 'soonest' } }],
  ['any time next week', 'en', { window: { kind: 'days', from: '2026-11-30', to: '2026-12-06' } }],
  ['in 3 days', 'en', { window: day('2026-11-28') }],
  // Questions, greetings and the rest
  ['What is your refund policy?', 'en', { topic: 'refund' }],
  ['¿Me devuelven el dinero si cancelo?', 'es', { topic: 'refund' }],
  ['How do I cancel or reschedule my appointment?', 'en', { topic: 'cancel' }],
  ['¿Cómo puedo reprogramar mi cita?', 'es', { topic: 'cancel' }],
  ['How does a teledental visit work?', 'en', { topic: 'teledental' }],
  ['¿Qué es una videoconsulta?', 'es', { topic: 'teledental' }],
  ['Do you accept insurance?', 'en', { topic: 'insurance' }],
  ['¿Aceptan seguro dental?', 'es', { topic: 'insurance' }],
  ['How can I contact support?', 'en', { topic: 'support' }],
  ['quiero hablar con una persona', 'es', { topic: 'support' }],
  ['How much does it cost?', 'en', { topic: 'payment' }],
  ['hello', 'en', { greeting: true }],
  ['hola', 'es', { greeting: true }],
  ['thanks!', 'en', { thanks: true }],
  ['start over', 'en', { reset: true }],
  ['asdkjh qwe zzz', 'en', { reason: undefined, window: undefined, topic: undefined, greeting: false }],
];

describe('the embedded request parser', () => {
  it('has at least 40 requests in its table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('%s (%s)', (text, locale, expected) => {
    const parsed = parseRequest(text, catalogues, today, locale);
    const { place, ...fields } = expected;
    expect(parsed).toMatchObject(fields);
    if (place) expect(parsed.placeCandidates).toContain(place);
  });

  it('proposes no place for a message without one', () => {
    expect(parseRequest('root canal tomorrow afternoon', catalogues, today, 'en').placeCandidates).toEqual([]);
    expect(parseRequest('necesito una limpieza mañana por la tarde', catalogues, today, 'es').placeCandidates).toEqual(
      [],
    );
    expect(parseRequest('a dentist near me', catalogues, today, 'en')).toMatchObject({
      nearMe: true,
      placeCandidates: [],
    });
    // Capitalised sentence openers are not places; a capitalised name after one is.
    expect(parseRequest('What is your refund policy?', catalogues, today, 'en').placeCandidates).toEqual([]);
    expect(parseRequest('Hola, necesito una cita', catalogues, today, 'es').placeCandidates).toEqual([]);
    expect(parseRequest('Hi Miami dentist please', catalogues, today, 'en').placeCandidates).toEqual(['miami']);
  });
});

describe('time windows', () => {
  it('rolls a past month-day over to next year and refuses impossible dates', () => {
    expect(parseTimeWindow('january 5', today, 'en')).toEqual(day('2027-01-05'));
    expect(parseTimeWindow('february 30', today, 'en')).toBeUndefined();
  });

  it('counts today in the visitor time zone', () => {
    const now = new Date('2026-11-26T03:00:00Z');
    expect(todayIn('America/Chicago', now)).toBe('2026-11-25');
    expect(todayIn('Europe/Madrid', now)).toBe('2026-11-26');
  });

  it('puts slots in parts of the day', () => {
    expect(inPartOfDay('09:00', 'morning')).toBe(true);
    expect(inPartOfDay('13:00', 'morning')).toBe(false);
    expect(inPartOfDay('13:00', 'afternoon')).toBe(true);
    expect(inPartOfDay('16:00', 'evening')).toBe(false);
    expect(inPartOfDay('17:00', 'evening')).toBe(true);
  });
});

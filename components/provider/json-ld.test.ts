import { describe, expect, it } from 'vitest';
import type { ClinicDetail } from '@/lib/contracts/clinics';
import type { ProviderDetail } from '@/lib/contracts/providers';
import { clinicJsonLd, medicalSpecialties, openingHours, providerJsonLd, serializeJsonLd } from './json-ld';

const ORIGIN = 'https://dental.example';

const office = {
  id: 11,
  name: 'Amsterdam Ave Dental Arts',
  phone: '(347) 303-9599',
  website: null,
  addressLine: '1794 Amsterdam Ave',
  suite: 'Suite 2',
  city: 'New York',
  state: 'NY',
  zip: '10005',
  countryCode: 'US',
  latitude: 40.715188,
  longitude: -74.010415,
  timeZone: 'America/New_York',
  businessHours: [
    { weekday: 6, opens: '09:00', closes: '13:00' },
    { weekday: 1, opens: '09:00', closes: '18:00' },
  ],
  workingDays: [1],
  acceptsNewPatients: true,
  offersTeledental: true,
  teledentalPaymentReady: false,
  teledentalAvailable: false,
};

const provider: ProviderDetail = {
  id: 7,
  npi: '1000000111',
  displayName: 'Dr. Ana </script><b>Núñez',
  firstName: 'Ana',
  lastName: 'Núñez',
  title: 'DDS',
  gender: 'female',
  photoUrl: null,
  biography: 'Gentle care.',
  education: [{ degree: 'DDS', institution: 'NYU College of Dentistry', year: 2008 }],
  experienceYears: 18,
  awards: [{ title: 'Top Dentist', year: 2020 }],
  specialties: [
    { id: 7, slug: 'pedodontist', name: 'Pedodontist' },
    { id: 1, slug: 'general-dentist', name: 'General Dentist' },
  ],
  visitReasons: [],
  insurance: [],
  languages: [{ code: 'es', name: 'Spanish' }],
  teledentalFeeCents: 6500,
  rating: { average: 4.666, count: 3 },
  acceptsNewPatients: true,
  teledentalAvailable: false,
  offices: [office, { ...office, id: 12, name: 'Second office', acceptsNewPatients: false }],
  reviews: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

type Graph = { '@context': string; '@graph': Record<string, unknown>[] };

describe('provider JSON-LD', () => {
  const data = providerJsonLd(provider, ORIGIN, 'es') as Graph;
  const [person, ...dentists] = data['@graph'];

  it('describes the provider as a Person working at a Dentist per office', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(person!['@type']).toEqual(['Person', 'IndividualPhysician']);
    expect(person!.url).toBe(`${ORIGIN}/es/provider-details/7`);
    expect(person!.worksFor).toEqual([
      { '@id': `${ORIGIN}/clinic-details/11#dentist` },
      { '@id': `${ORIGIN}/clinic-details/12#dentist` },
    ]);
    expect(person!.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.67,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(person).not.toHaveProperty('image');
    expect(dentists.map((d) => d['@id'])).toEqual([
      `${ORIGIN}/clinic-details/11#dentist`,
      `${ORIGIN}/clinic-details/12#dentist`,
    ]);
  });

  it('gives each Dentist its address, position, phone, hours, specialty and new-patient answer', () => {
    const [first, second] = dentists;
    expect(first).toMatchObject({
      '@type': 'Dentist',
      name: 'Amsterdam Ave Dental Arts',
      url: `${ORIGIN}/es/clinic-details/11`,
      telephone: '(347) 303-9599',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1794 Amsterdam Ave, Suite 2',
        addressLocality: 'New York',
        addressRegion: 'NY',
        postalCode: '10005',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 40.715188, longitude: -74.010415 },
      isAcceptingNewPatients: true,
      medicalSpecialty: ['https://schema.org/Dentistry', 'https://schema.org/Pediatric'],
    });
    expect(second!.isAcceptingNewPatients).toBe(false);
    // No office rating on a provider page: only the clinic page knows it.
    expect(first).not.toHaveProperty('aggregateRating');
  });

  it('lists opening hours Sunday to Saturday with schema.org day names', () => {
    expect(openingHours(office.businessHours)).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '18:00' },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Saturday',
        opens: '09:00',
        closes: '13:00',
      },
    ]);
  });

  it("writes a day open around the clock (00:00 to 24:00) as schema.org's 00:00 to 23:59", () => {
    const always = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' }));
    expect(openingHours(always)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
          (d) => `https://schema.org/${d}`,
        ),
        opens: '00:00',
        closes: '23:59',
      },
    ]);
  });

  it('gives days with the same hours one specification', () => {
    const week = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '17:00' }));
    expect(openingHours([...week, { weekday: 6, opens: '09:00', closes: '13:00' }])).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`),
        opens: '08:00',
        closes: '17:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Saturday',
        opens: '09:00',
        closes: '13:00',
      },
    ]);
  });

  it('leaves aggregateRating out when there are no reviews', () => {
    const none = providerJsonLd({ ...provider, rating: { average: 0, count: 0 } }, ORIGIN, 'en') as Graph;
    expect(none['@graph'][0]).not.toHaveProperty('aggregateRating');
  });
});

describe('clinic JSON-LD', () => {
  const clinic: ClinicDetail = {
    ...office,
    description: 'A modern practice.',
    photoUrl: 'https://img.example/office.jpg',
    languages: [],
    technologies: [],
    amenities: [],
    services: [],
    specialties: [{ id: 9, slug: 'oral-surgeon', name: 'Oral Surgeon' }],
    rating: { average: 4.33, count: 3 },
    providers: [
      {
        id: 7,
        displayName: 'Dr. Ana Núñez',
        firstName: 'Ana',
        lastName: 'Núñez',
        title: 'DDS',
        gender: 'female',
        photoUrl: null,
        specialties: [],
        languages: [],
        rating: { average: 5, count: 1 },
        teledentalFeeCents: 0,
        workingDays: [1],
        acceptsNewPatients: false,
        offersTeledental: false,
        teledentalAvailable: false,
      },
    ],
    reviews: [],
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  const [dentist, person] = (clinicJsonLd(clinic, ORIGIN, 'en') as Graph)['@graph'];

  it('describes the office as a Dentist with its rating, and its providers working for it', () => {
    expect(dentist).toMatchObject({
      '@type': 'Dentist',
      '@id': `${ORIGIN}/clinic-details/11#dentist`,
      url: `${ORIGIN}/clinic-details/11`,
      image: 'https://img.example/office.jpg',
      isAcceptingNewPatients: false,
      medicalSpecialty: ['https://schema.org/Dentistry', 'https://schema.org/Surgical'],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.33, reviewCount: 3 },
    });
    expect(person).toMatchObject({
      '@id': `${ORIGIN}/provider-details/7#provider`,
      url: `${ORIGIN}/provider-details/7`,
      worksFor: { '@id': `${ORIGIN}/clinic-details/11#dentist` },
    });
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element, and parses back to the same data', () => {
    const data = providerJsonLd(provider, ORIGIN, 'en');
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/<|>|&/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(data);
    expect(serializeJsonLd({ a: 'line\u2028break' })).toBe('{"a":"line\\u2028break"}');
  });
});

describe('medicalSpecialties', () => {
  it('is Dentistry for every dentist, plus the wider field where schema.org has one', () => {
    expect(medicalSpecialties([])).toEqual(['https://schema.org/Dentistry']);
    expect(medicalSpecialties([{ id: 1, slug: 'dental-anesthesiologist', name: '' }])).toEqual([
      'https://schema.org/Dentistry',
      'https://schema.org/Anesthesia',
    ]);
  });
});

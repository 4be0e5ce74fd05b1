import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { embeddedMapsProvider as maps } from './embedded-provider';
import { loadGazetteer, nearestPlace, type Gazetteer } from './gazetteer';
import { haversineKm } from './text';

// The offline provider answers everything from packaged data: these tests need no network.
let gazetteer: Gazetteer;
beforeAll(async () => {
  gazetteer = await loadGazetteer();
});

async function firstSuggestion(text: string, locale: 'en' | 'es' = 'en', near?: { lat: number; lng: number }) {
  const [first] = await maps.autocomplete(text, locale, near);
  expect(first, `a suggestion for "${text}"`).toBeDefined();
  return first!;
}

describe('autocomplete', () => {
  it('resolves a city with its state and country', async () => {
    const austin = await firstSuggestion('Austin');
    expect(austin).toMatchObject({
      kind: 'city',
      mainText: 'Austin',
      secondaryText: 'TX, USA',
      description: 'Austin, TX, USA',
    });
    const place = await maps.geocode({ id: austin.id }, 'en');
    expect(place).toMatchObject({ city: 'Austin', state: 'TX', country: 'US', countryName: 'USA', postalcode: null });
    expect(haversineKm(place!.latitude, place!.longitude, 30.27, -97.74)).toBeLessThan(10);
  });

  it('resolves a ZIP code to its town', async () => {
    const zip = await firstSuggestion('10001');
    expect(zip).toMatchObject({ kind: 'postalCode', mainText: '10001', description: 'New York, NY 10001, USA' });
    const place = await maps.geocode({ id: zip.id }, 'en');
    expect(place).toMatchObject({ city: 'New York', state: 'NY', country: 'US', postalcode: '10001' });
    expect(haversineKm(place!.latitude, place!.longitude, 40.75, -73.997)).toBeLessThan(3);
  });

  it('lists the ZIP codes that start with three digits, in order', async () => {
    const codes = await maps.autocomplete('787', 'en');
    expect(codes.length).toBe(8);
    expect(codes.every((c) => c.kind === 'postalCode' && c.mainText.startsWith('787'))).toBe(true);
    expect(codes.map((c) => c.mainText)).toEqual([...codes.map((c) => c.mainText)].sort());
    expect(await maps.autocomplete('10001-1234', 'en')).toEqual(await maps.autocomplete('10001', 'en'));
  });

  it('ignores accents and case ("mexico" finds Ciudad de México / Mexico City)', async () => {
    const en = await firstSuggestion('mexico');
    expect(en.mainText).toBe('Mexico City');
    expect(en.description).toBe('Mexico City, Ciudad de México, Mexico');
    const es = await firstSuggestion('mexico', 'es');
    expect(es.description).toBe('Ciudad de México, México');
    expect((await maps.geocode({ id: es.id }, 'es'))!.country).toBe('MX');
    expect((await firstSuggestion('ciudad de mexico', 'en')).id).toBe(en.id);

    const sanJose = await maps.autocomplete('san jose', 'en');
    expect(sanJose.map((s) => s.description)).toContain('San José, Costa Rica');
    expect(sanJose.map((s) => s.description)).toContain('San Jose, CA, USA');
    expect(await maps.autocomplete('SAN JOSÉ', 'en')).toEqual(sanJose);
  });

  it('narrows by state or country written after the name', async () => {
    expect((await firstSuggestion('austin mn')).description).toBe('Austin, MN, USA');
    expect((await firstSuggestion('Austin, Texas')).description).toBe('Austin, TX, USA');
    expect((await firstSuggestion('san jose costa rica')).description).toBe('San José, Costa Rica');
    expect((await firstSuggestion('toronto canada')).description).toBe('Toronto, ON, Canada');
  });

  it('names countries in the page language', async () => {
    expect((await firstSuggestion('Madrid', 'en')).description).toBe('Madrid, Spain');
    expect((await firstSuggestion('Madrid', 'es')).description).toBe('Madrid, España');
    expect((await firstSuggestion('Austin', 'es')).description).toBe('Austin, TX, Estados Unidos');
    // A region named like its country is not repeated.
    expect((await firstSuggestion('san juan puerto rico')).description).toBe('San Juan, Puerto Rico');
  });

  it('prefers places near the given point', async () => {
    expect((await firstSuggestion('portland')).description).toBe('Portland, OR, USA');
    expect((await firstSuggestion('portland', 'en', { lat: 43.66, lng: -70.26 })).description).toBe(
      'Portland, ME, USA',
    );
  });

  it('finds small US towns known only by their ZIP codes', async () => {
    const town = await firstSuggestion('Dripping Springs');
    expect(town.description).toBe('Dripping Springs, TX, USA');
    const place = await maps.geocode({ id: town.id }, 'en');
    expect(haversineKm(place!.latitude, place!.longitude, 30.19, -98.09)).toBeLessThan(25);
  });

  it('answers nothing, without failing, for empty, odd or unknown input', async () => {
    for (const text of ['', '   ', '!!!', ',,,', 'zzzzqqqxx', '00000', '1', 'a'.repeat(100), "'; DROP TABLE x; --"]) {
      const found = await maps.autocomplete(text, 'en');
      expect(Array.isArray(found), text).toBe(true);
      expect(found.length, text).toBeLessThanOrEqual(8);
    }
    expect(await maps.autocomplete('zzzzqqqxx', 'en')).toEqual([]);
    expect(await maps.autocomplete('00000', 'en')).toEqual([]);
    expect(await maps.geocode({ id: 'city:0' }, 'en')).toBeNull();
    expect(await maps.geocode({ id: 'nonsense' }, 'en')).toBeNull();
    expect(await maps.geocode({ text: 'zzzzqqqxx' }, 'en')).toBeNull();
    expect(await maps.geocode({ text: '99999' }, 'en')).toBeNull();
  });
});

describe('geocode by text', () => {
  it('takes the best match, or the exact ZIP code', async () => {
    expect(await maps.geocode({ text: 'austin' }, 'en')).toMatchObject({ city: 'Austin', state: 'TX' });
    expect(await maps.geocode({ text: '78701' }, 'en')).toMatchObject({
      city: 'Austin',
      state: 'TX',
      postalcode: '78701',
    });
  });
});

describe('reverse geocoding', () => {
  it('names a US position after its nearest ZIP code', async () => {
    const place = await maps.reverseGeocode({ lat: 30.2672, lng: -97.7431 }, 'en');
    expect(place).toMatchObject({ city: 'Austin', state: 'TX', country: 'US', latitude: 30.2672, longitude: -97.7431 });
    expect(place!.postalcode).toMatch(/^787\d\d$/);
    expect(place!.formattedAddress).toMatch(/^Austin, TX 787\d\d, USA$/);
  });

  it('names other positions after the nearest city of the same country, in the page language', async () => {
    expect(await maps.reverseGeocode({ lat: 40.4168, lng: -3.7038 }, 'es')).toMatchObject({
      city: 'Madrid',
      country: 'ES',
      countryName: 'España',
      formattedAddress: 'Madrid, España',
    });
    expect(await maps.reverseGeocode({ lat: 43.6532, lng: -79.3832 }, 'en')).toMatchObject({
      city: 'Toronto',
      state: 'ON',
      country: 'CA',
      formattedAddress: 'Toronto, ON, Canada',
    });
    // Just south of the border: the nearest city may be across it, the answer must not be.
    expect((await maps.reverseGeocode({ lat: 32.55, lng: -117.03 }, 'en'))!.country).toBe('US');
  });

  it('gives only the country far from any city, and nothing at sea', async () => {
    const remote = await maps.reverseGeocode({ lat: 22.5, lng: 15.5 }, 'en');
    expect(remote).toMatchObject({ city: null, country: 'TD', formattedAddress: 'Chad' });
    expect(await maps.reverseGeocode({ lat: 0, lng: -140 }, 'en')).toBeNull();
  });
});

describe('country from coordinates', () => {
  it('finds the country of a position offline', async () => {
    expect(await maps.countryAt({ lat: 40.4168, lng: -3.7038 })).toBe('ES');
    expect(await maps.countryAt({ lat: 43.6532, lng: -79.3832 })).toBe('CA');
    expect(await maps.countryAt({ lat: 30.2672, lng: -97.7431 })).toBe('US');
    expect(await maps.countryAt({ lat: 18.4655, lng: -66.1057 })).toBe('PR');
    expect(await maps.countryAt({ lat: 35.89, lng: -5.32 })).toBe('ES');
    expect(await maps.countryAt({ lat: 0, lng: -140 })).toBeNull();
  });
});

describe('nearest place grid', () => {
  it('agrees with a scan of every place', () => {
    const cities = gazetteer.places;
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 70, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lng) => {
          const found = nearestPlace(gazetteer.cityGrid, cities, lat, lng, 150);
          let bestKm = 150;
          let best: (typeof cities)[number] | null = null;
          for (const place of cities) {
            const km = haversineKm(lat, lng, place.lat, place.lng);
            if (km <= bestKm) {
              bestKm = km;
              best = place;
            }
          }
          expect(found?.km ?? null).toBe(best ? bestKm : null);
        },
      ),
      { numRuns: 60 },
    );
  });
});

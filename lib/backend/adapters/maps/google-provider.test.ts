import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLogs } from '../../../testing/log-capture';
import { embeddedMapsProvider } from './embedded-provider';
import { GoogleMapsError, createGoogleMapsProvider } from './google-provider';
import { withFallback } from './maps-adapter';

/*
 * The Google provider against Google's documented answer shapes (Places API (New)
 * places:autocomplete, Geocoding API json). There is no internet here, so fetch is replaced:
 * these tests show what is asked and how the answers are reshaped, not that the key works.
 */

const KEY = 'test-key';
const calls: { url: string; init: RequestInit }[] = [];

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

const austinGeocode = {
  status: 'OK',
  results: [
    {
      place_id: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
      formatted_address: 'Austin, TX, USA',
      geometry: { location: { lat: 30.267153, lng: -97.7430608 } },
      address_components: [
        { long_name: 'Austin', short_name: 'Austin', types: ['locality', 'political'] },
        {
          long_name: 'Travis County',
          short_name: 'Travis County',
          types: ['administrative_area_level_2', 'political'],
        },
        { long_name: 'Texas', short_name: 'TX', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      ],
    },
  ],
};

describe('Google maps provider', () => {
  const google = createGoogleMapsProvider(KEY);

  it('asks Places autocomplete in the page language, biased near the visitor, and reshapes the predictions', async () => {
    answer({
      suggestions: [
        {
          placePrediction: {
            placeId: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
            text: { text: 'Austin, TX, USA' },
            structuredFormat: { mainText: { text: 'Austin' }, secondaryText: { text: 'TX, USA' } },
            types: ['locality', 'political', 'geocode'],
          },
        },
        { queryPrediction: { text: { text: 'austin dentist' } } },
        {
          placePrediction: {
            placeId: 'ChIJ78701',
            text: { text: 'Austin, TX 78701, USA' },
            structuredFormat: { mainText: { text: '78701' }, secondaryText: { text: 'Austin, TX, USA' } },
            types: ['postal_code', 'geocode'],
          },
        },
      ],
    });
    const suggestions = await google.autocomplete('Aust', 'es', { lat: 30.2, lng: -97.7 });
    expect(suggestions).toEqual([
      {
        id: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
        kind: 'city',
        mainText: 'Austin',
        secondaryText: 'TX, USA',
        description: 'Austin, TX, USA',
      },
      {
        id: 'ChIJ78701',
        kind: 'postalCode',
        mainText: '78701',
        secondaryText: 'Austin, TX, USA',
        description: 'Austin, TX 78701, USA',
      },
    ]);
    const [call] = calls;
    expect(call!.url).toBe('https://places.googleapis.com/v1/places:autocomplete');
    expect(call!.init.method).toBe('POST');
    expect(new Headers(call!.init.headers).get('x-goog-api-key')).toBe(KEY);
    expect(JSON.parse(String(call!.init.body))).toEqual({
      input: 'Aust',
      languageCode: 'es',
      locationBias: { circle: { center: { latitude: 30.2, longitude: -97.7 }, radius: 50_000 } },
    });
  });

  it('geocodes a suggestion id and free text into the contract place', async () => {
    answer(austinGeocode);
    const place = await google.geocode({ id: 'ChIJLwPMoJm1RIYRetVp1EtGm10' }, 'en');
    expect(place).toEqual({
      id: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
      latitude: 30.267153,
      longitude: -97.7430608,
      formattedAddress: 'Austin, TX, USA',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      countryName: 'United States',
      postalcode: null,
    });
    const byId = new URL(calls[0]!.url);
    expect(byId.origin + byId.pathname).toBe('https://maps.googleapis.com/maps/api/geocode/json');
    expect(Object.fromEntries(byId.searchParams)).toEqual({
      place_id: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
      language: 'en',
      key: KEY,
    });
    await google.geocode({ text: 'Austin TX' }, 'es');
    expect(Object.fromEntries(new URL(calls[1]!.url).searchParams)).toEqual({
      address: 'Austin TX',
      language: 'es',
      key: KEY,
    });
  });

  it('reverse geocodes keeping the position asked about; nothing found is null', async () => {
    answer(austinGeocode);
    const place = await google.reverseGeocode({ lat: 30.3, lng: -97.75 }, 'en');
    expect(place).toMatchObject({ city: 'Austin', latitude: 30.3, longitude: -97.75 });
    expect(new URL(calls[0]!.url).searchParams.get('latlng')).toBe('30.3,-97.75');
    answer({ status: 'ZERO_RESULTS', results: [] });
    expect(await google.reverseGeocode({ lat: 0, lng: -30 }, 'en')).toBeNull();
  });

  it('finds the country of coordinates offline, with no call', async () => {
    answer({});
    expect(await google.countryAt({ lat: 19.43, lng: -99.13 })).toBe('MX');
    expect(calls).toHaveLength(0);
  });

  it('reports refusals, HTTP errors and unexpected shapes as GoogleMapsError', async () => {
    answer({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] });
    await expect(google.geocode({ text: 'Austin' }, 'en')).rejects.toBeInstanceOf(GoogleMapsError);
    answer({ error: { code: 429 } }, 429);
    await expect(google.autocomplete('Austin', 'en')).rejects.toBeInstanceOf(GoogleMapsError);
    answer({ suggestions: 'nope' });
    await expect(google.autocomplete('Austin', 'en')).rejects.toBeInstanceOf(GoogleMapsError);
  });

  it('falls back to the embedded gazetteer when Google fails, so visitors still get answers', async () => {
    const logs = captureLogs();
    answer({ error: { code: 503 } }, 503);
    const maps = withFallback(google, embeddedMapsProvider);
    const [first] = await maps.autocomplete('Austin', 'en');
    expect(first).toMatchObject({ kind: 'city', mainText: 'Austin' });
    expect(await maps.reverseGeocode({ lat: 40.75, lng: -73.99 }, 'en')).toMatchObject({ city: 'New York' });
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 'error', provider: 'google', call: 'autocomplete', fallback: 'embedded' }),
    );
  });
});

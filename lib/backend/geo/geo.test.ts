import { beforeAll, describe, expect, it } from 'vitest';
import { GET as autocomplete } from '@/app/api/geo/autocomplete/route';
import { GET as geocode } from '@/app/api/geo/geocode/route';
import { GET as reverse } from '@/app/api/geo/reverse/route';
import { apiErrorSchema, type ApiErrorBody } from '@/lib/contracts/errors';
import {
  geoAutocompleteQuerySchema,
  geoAutocompleteResponseSchema,
  geoPlaceResponseSchema,
  geoReverseQuerySchema,
} from '@/lib/contracts/geo';
import { loadGazetteer } from '../adapters/maps/gazetteer';
import { v4 } from '../../testing/v4';

// Built once per test file (a few seconds on a busy machine): under the hook's longer timeout.
beforeAll(async () => {
  await loadGazetteer();
});

const call = (handler: (request: Request) => Promise<Response>, query: string, headers: Record<string, string> = {}) =>
  handler(new Request(`http://localhost/api/geo/x?${query}`, { headers }));

async function expectBadRequest(response: Response): Promise<ApiErrorBody> {
  expect(response.status).toBe(400);
  const body = apiErrorSchema.parse(await response.json());
  expect(body.errorCode).toBe('badRequest');
  return body;
}

describe('GET /api/geo/autocomplete', () => {
  it('answers suggestions with OK, and ZERO_RESULTS when there are none', async () => {
    const ok = await call(autocomplete, 'q=Austin&locale=en');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toContain('public');
    const body = geoAutocompleteResponseSchema.parse(await ok.json());
    expect(body.status).toBe('OK');
    expect(body.predictions[0]?.description).toBe('Austin, TX, USA');

    const none = geoAutocompleteResponseSchema.parse(await (await call(autocomplete, 'q=zzzzqqqxx')).json());
    expect(none).toEqual({ status: 'ZERO_RESULTS', predictions: [] });
  });

  it('refuses bad input with 400 in the one error shape, in the asked language', async () => {
    await expectBadRequest(await call(autocomplete, ''));
    await expectBadRequest(await call(autocomplete, 'q=%20%20'));
    await expectBadRequest(await call(autocomplete, `q=${'a'.repeat(101)}`));
    await expectBadRequest(await call(autocomplete, 'q=austin&lat=30'));
    await expectBadRequest(await call(autocomplete, 'q=austin&lat=95&lng=0'));
    await expectBadRequest(await call(autocomplete, 'q=austin&locale=fr'));
    const es = await expectBadRequest(await call(autocomplete, 'q=&locale=es'));
    expect(es.message).toMatch(/ubicación/);
    const header = await expectBadRequest(await call(autocomplete, 'q=', { 'x-locale': 'es' }));
    expect(header.message).toBe(es.message);
    expect(es.fields?.[0]).toMatchObject({ path: 'q' });
  });
});

describe('GET /api/geo/geocode', () => {
  it('geocodes an id or a text', async () => {
    const byId = geoPlaceResponseSchema.parse(await (await call(geocode, 'id=zip:10001&locale=en')).json());
    expect(byId).toMatchObject({ status: 'OK', place: { city: 'New York', state: 'NY', postalcode: '10001' } });
    const byText = geoPlaceResponseSchema.parse(await (await call(geocode, 'q=toronto')).json());
    expect(byText).toMatchObject({ status: 'OK', place: { city: 'Toronto', country: 'CA' } });
    const unknown = geoPlaceResponseSchema.parse(await (await call(geocode, 'id=city:0')).json());
    expect(unknown).toEqual({ status: 'ZERO_RESULTS', place: null });
  });

  it('needs exactly one of id and q, and a well-formed id', async () => {
    await expectBadRequest(await call(geocode, ''));
    await expectBadRequest(await call(geocode, 'id=zip:10001&q=austin'));
    await expectBadRequest(await call(geocode, `id=${encodeURIComponent('<script>')}`));
    await expectBadRequest(await call(geocode, `id=${'x'.repeat(301)}`));
  });
});

describe('GET /api/geo/reverse', () => {
  it('answers the address and country of a position', async () => {
    const body = geoPlaceResponseSchema.parse(await (await call(reverse, 'lat=40.4168&lng=-3.7038&locale=es')).json());
    expect(body).toMatchObject({ status: 'OK', place: { city: 'Madrid', country: 'ES', countryName: 'España' } });
    const sea = geoPlaceResponseSchema.parse(await (await call(reverse, 'lat=0&lng=-140')).json());
    expect(sea).toEqual({ status: 'ZERO_RESULTS', place: null });
  });

  it('refuses out-of-range or malformed coordinates', async () => {
    for (const query of [
      'lat=91&lng=0',
      'lat=0&lng=180.5',
      'lat=-90.1&lng=0',
      'lat=abc&lng=1',
      'lat=&lng=',
      'lat=1e2&lng=0',
      'lat=1',
      'lng=1',
      'lat=Infinity&lng=0',
      'lat=0x10&lng=0',
    ]) {
      await expectBadRequest(await call(reverse, query));
    }
  });
});

describe('/v4/geo (the same calls for mobile apps)', () => {
  it("answers what the BFF relays, in the Language header's language", async () => {
    const direct = await v4('GET', '/v4/geo/autocomplete?q=Austin&locale=en');
    expect(direct.status).toBe(200);
    expect(direct.headers.get('cache-control')).toContain('public');
    const relayed = await (await call(autocomplete, 'q=Austin&locale=en')).json();
    expect(direct.body).toEqual(relayed);

    const reverse = await v4('GET', '/v4/geo/reverse?lat=40.4168&lng=-3.7038&locale=es');
    expect(reverse.body).toMatchObject({ status: 'OK', place: { city: 'Madrid' } });

    const bad = await v4('GET', '/v4/geo/geocode', { language: 'sp' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/ubicación/);
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });
});

describe('contract schemas', () => {
  it('parse query strings strictly', () => {
    expect(geoReverseQuerySchema.parse({ lat: '30.5', lng: '-97' })).toEqual({ lat: 30.5, lng: -97, locale: 'en' });
    expect(geoReverseQuerySchema.safeParse({ lat: '90', lng: '-180' }).success).toBe(true);
    expect(geoAutocompleteQuerySchema.parse({ q: '  Austin ', locale: 'es' })).toEqual({ q: 'Austin', locale: 'es' });
  });
});

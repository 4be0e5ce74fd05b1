import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/test-db';
import { v4 } from '../../testing/v4';

useTestDatabase();

// SPEC.md section 3 "Countries offered", section 5 for the phone lengths it names.
const SPEC_COUNTRIES = [
  'USA',
  'Australia',
  'Canada',
  'England',
  'France',
  'India',
  'Mexico',
  'Norway',
  'Pakistan',
  'Qatar',
  'Saudi Arabia',
  'Spain',
  'Sweden',
  'UAE',
];

describe('GET /v4/countries', () => {
  it('lists the 14 countries of the spec with dial codes, without a token', async () => {
    const reply = await v4('GET', '/v4/countries');
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(14);
    expect(reply.body.map((c: { name: string }) => c.name).sort()).toEqual([...SPEC_COUNTRIES].sort());
    for (const country of reply.body) {
      expect(country).toEqual({
        code: expect.stringMatching(/^[A-Z]{2}$/),
        name: expect.any(String),
        dialCode: expect.stringMatching(/^\d{1,3}$/),
        maxPhoneLength: expect.any(Number),
      });
    }
  });

  it('gives the dial codes and maximum phone lengths the spec names', async () => {
    const reply = await v4('GET', '/v4/countries');
    const byName = Object.fromEntries(reply.body.map((c: { name: string }) => [c.name, c]));
    expect(byName.Australia).toMatchObject({ dialCode: '61', maxPhoneLength: 9 });
    expect(byName.Canada).toMatchObject({ dialCode: '1', maxPhoneLength: 10 });
    expect(byName.England).toMatchObject({ dialCode: '44', maxPhoneLength: 10 });
    expect(byName.India).toMatchObject({ dialCode: '91', maxPhoneLength: 10 });
    expect(byName.USA).toMatchObject({ dialCode: '1', maxPhoneLength: 10 });
  });

  it('names the countries in Spanish with Language: sp, in the same order', async () => {
    const [english, spanish] = await Promise.all([
      v4('GET', '/v4/countries'),
      v4('GET', '/v4/countries', { language: 'sp' }),
    ]);
    expect(spanish.status).toBe(200);
    expect(spanish.body.map((c: { code: string }) => c.code)).toEqual(
      english.body.map((c: { code: string }) => c.code),
    );
    const names = Object.fromEntries(spanish.body.map((c: { code: string; name: string }) => [c.code, c.name]));
    expect(names).toMatchObject({ US: 'Estados Unidos', GB: 'Inglaterra', ES: 'España', MX: 'México' });
  });

  it('falls back to English for an unknown language', async () => {
    const reply = await v4('GET', '/v4/countries', { language: 'xx' });
    expect(reply.body.find((c: { code: string }) => c.code === 'US').name).toBe('USA');
  });
});

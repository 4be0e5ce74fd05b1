import { describe, expect, it } from 'vitest';
import { favoritesQuerySchema } from './favorites';
import { searchRequestSchema } from './search';
import { geoAutocompleteQuerySchema } from './geo';
import type { z } from 'zod';

/* Every lat/lng pair names the field that is missing, not the one that was sent. */

function paths(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
}

describe.each([
  ['GET /v4/favorites', favoritesQuerySchema, {}],
  ['GET /api/search', searchRequestSchema, { searchText: 'ana' }],
  ['GET /api/geo/autocomplete', geoAutocompleteQuerySchema, { q: 'austin' }],
] as const)('%s', (_name, schema, base) => {
  it('lng alone: lat is missing', () => {
    expect(paths(schema, { ...base, lng: '5' })).toEqual(['lat']);
  });
  it('lat alone: lng is missing', () => {
    expect(paths(schema, { ...base, lat: '5' })).toEqual(['lng']);
  });
  it('both or neither: accepted', () => {
    expect(paths(schema, { ...base, lat: '5', lng: '6' })).toEqual([]);
    expect(paths(schema, base)).toEqual([]);
  });
});

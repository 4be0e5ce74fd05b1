import { describe, expect, it } from 'vitest';
import { getPathname } from './navigation';

// English at the spec's own paths, Spanish under /es (localePrefix 'as-needed' in ./routing).
describe('locale paths', () => {
  it('leaves English paths as they are and puts Spanish ones under /es', () => {
    expect(getPathname({ href: '/', locale: 'en' })).toBe('/');
    expect(getPathname({ href: '/login', locale: 'en' })).toBe('/login');
    expect(getPathname({ href: '/', locale: 'es' })).toBe('/es');
    expect(getPathname({ href: '/provider-details/7?lat=1&lng=2', locale: 'es' })).toBe(
      '/es/provider-details/7?lat=1&lng=2',
    );
  });

  it('serialises a query object', () => {
    expect(getPathname({ href: { pathname: '/all-appointments', query: { tab: 'past' } }, locale: 'es' })).toBe(
      '/es/all-appointments?tab=past',
    );
    expect(getPathname({ href: { pathname: '/login', query: { registered: '1' } }, locale: 'en' })).toBe(
      '/login?registered=1',
    );
  });
});

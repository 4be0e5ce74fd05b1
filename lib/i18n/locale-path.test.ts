import { describe, expect, it } from 'vitest';
import { getPathname, prefixPath, unprefixPath } from './locale-path';

// The same URLs next-intl's navigation made with `localePrefix: 'as-needed'` (lib/i18n/routing.ts).
describe('locale paths', () => {
  it('leaves English paths as they are and puts Spanish ones under /es', () => {
    expect(prefixPath('/', 'en')).toBe('/');
    expect(prefixPath('/login', 'en')).toBe('/login');
    expect(prefixPath('/', 'es')).toBe('/es');
    expect(prefixPath('/?q=1', 'es')).toBe('/es?q=1');
    expect(prefixPath('/provider-details/7?lat=1&lng=2', 'es')).toBe('/es/provider-details/7?lat=1&lng=2');
  });

  it('leaves outside, relative and hash links alone', () => {
    expect(prefixPath('https://example.com/x', 'es')).toBe('https://example.com/x');
    expect(prefixPath('mailto:a@b.c', 'es')).toBe('mailto:a@b.c');
    expect(prefixPath('#main', 'es')).toBe('#main');
    expect(prefixPath('//cdn.example.com/x', 'es')).toBe('//cdn.example.com/x');
  });

  it('serialises a query object, skipping absent values', () => {
    expect(getPathname({ href: { pathname: '/all-appointments', query: { tab: 'past', page: undefined } }, locale: 'es' })).toBe(
      '/es/all-appointments?tab=past',
    );
    expect(getPathname({ href: { pathname: '/login', query: { registered: '1' } }, locale: 'en' })).toBe('/login?registered=1');
  });

  it('strips the prefix the way usePathname answers', () => {
    expect(unprefixPath('/es', 'es')).toBe('/');
    expect(unprefixPath('/es/login', 'es')).toBe('/login');
    expect(unprefixPath('/estate', 'es')).toBe('/estate');
    expect(unprefixPath('/login', 'en')).toBe('/login');
  });
});

import { describe, expect, it } from 'vitest';
import { parseSitemapFileName, sitemapFileName } from './sitemap';

describe('sitemap file names', () => {
  it('round-trip and refuse anything else', () => {
    expect(parseSitemapFileName(sitemapFileName('providers', 3))).toEqual({ kind: 'providers', page: 3 });
    expect(parseSitemapFileName(sitemapFileName('clinics', 1))).toEqual({ kind: 'clinics', page: 1 });
    expect(parseSitemapFileName(sitemapFileName('pages'))).toEqual({ kind: 'pages' });
    for (const bad of [
      'providers-0.xml',
      'providers-1',
      'users-1.xml',
      'providers-1.xml.gz',
      '../x.xml',
      'providers-999999.xml',
    ]) {
      expect(parseSitemapFileName(bad), bad).toBeUndefined();
    }
  });
});

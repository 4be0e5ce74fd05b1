import 'server-only';
import { DEFAULT_SITEMAP_PAGE_SIZE } from '../contracts/discovery';
import { LOCALES, type Locale } from '../i18n/languages';
import { getSitemapPage } from './discovery';

/*
 * sitemap.xml: an index at /sitemap.xml pointing at one file of public pages and at
 * numbered files of provider and clinic pages, each covering a fixed range of ids
 * (GET /v4/sitemap/providers|clinics: page k holds ids (k-1)*size+1 .. k*size), so a URL stays
 * in the same file as rows come and go. Every page is listed in each language, with hreflang
 * alternates (en, es, x-default), as search engines ask of multilingual sites.
 */

/** Ids per file: twice as many URLs (two languages), well under the protocol's 50,000. */
export const SITEMAP_IDS_PER_FILE = DEFAULT_SITEMAP_PAGE_SIZE;
export type SitemapKind = 'providers' | 'clinics';

/** Public pages besides providers and clinics (the ones a visitor may open without logging in). */
const PUBLIC_PAGES = ['/', '/featured-search', '/privacy-policy', '/terms-and-conditions', '/useragreement', '/hippa'];

const ENTITY_PATH: Record<SitemapKind, string> = { providers: '/provider-details', clinics: '/clinic-details' };

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function pageUrl(origin: string, path: string, locale: Locale): string {
  if (locale === 'en') return `${origin}${path}`;
  return `${origin}/es${path === '/' ? '' : path}`;
}

/** One <url> per language, each naming all the languages' addresses. */
function urlEntries(origin: string, path: string, lastModified?: string): string {
  const links = [
    ...LOCALES.map(
      (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(pageUrl(origin, path, l))}"/>`,
    ),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(pageUrl(origin, path, 'en'))}"/>`,
  ].join('');
  const modified = lastModified ? `<lastmod>${xmlEscape(lastModified)}</lastmod>` : '';
  return LOCALES.map((l) => `<url><loc>${xmlEscape(pageUrl(origin, path, l))}</loc>${modified}${links}</url>`).join(
    '\n',
  );
}

function urlset(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
}

/** How many files each kind needs, from the first page's `lastPage`. */
async function fileCount(kind: SitemapKind): Promise<number> {
  const first = await getSitemapPage(kind, 1, SITEMAP_IDS_PER_FILE);
  if (!first.ok) throw new Error(`sitemap ${kind}: /v4 answered ${first.status}`);
  return Math.max(1, first.data.lastPage);
}

export function sitemapFileName(kind: SitemapKind | 'pages', page = 1): string {
  return kind === 'pages' ? 'pages.xml' : `${kind}-${page}.xml`;
}

export async function sitemapIndexXml(origin: string): Promise<string> {
  const [providers, clinics] = await Promise.all([fileCount('providers'), fileCount('clinics')]);
  const files = [
    sitemapFileName('pages'),
    ...Array.from({ length: providers }, (_, i) => sitemapFileName('providers', i + 1)),
    ...Array.from({ length: clinics }, (_, i) => sitemapFileName('clinics', i + 1)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((file) => `<sitemap><loc>${xmlEscape(`${origin}/sitemaps/${file}`)}</loc></sitemap>`).join('\n')}
</sitemapindex>
`;
}

export type SitemapFile = { kind: 'pages' } | { kind: SitemapKind; page: number };

/** `pages.xml`, `providers-3.xml`, `clinics-1.xml`; anything else is no sitemap file. */
export function parseSitemapFileName(name: string): SitemapFile | undefined {
  if (name === 'pages.xml') return { kind: 'pages' };
  const match = /^(providers|clinics)-([1-9]\d{0,4})\.xml$/.exec(name);
  return match ? { kind: match[1] as SitemapKind, page: Number(match[2]) } : undefined;
}

/** The file's XML, or undefined for a page past the last one (answer 404). */
export async function sitemapFileXml(origin: string, file: SitemapFile): Promise<string | undefined> {
  if (file.kind === 'pages') return urlset(PUBLIC_PAGES.map((path) => urlEntries(origin, path)));
  const result = await getSitemapPage(file.kind, file.page, SITEMAP_IDS_PER_FILE);
  if (!result.ok) throw new Error(`sitemap ${file.kind} ${file.page}: /v4 answered ${result.status}`);
  if (file.page > Math.max(1, result.data.lastPage)) return undefined;
  const base = ENTITY_PATH[file.kind];
  return urlset(result.data.items.map((item) => urlEntries(origin, `${base}/${item.id}`, item.updatedAt)));
}

import localFont from 'next/font/local';

/*
 * Geist Sans (from the `geist` package, SIL Open Font License), cut down to what the site
 * prints: Basic Latin, Latin-1 (Spanish), Latin Extended-A, typographic punctuation, weights
 * 400 to 700. 20 kB instead of the package's 69 kB, and it is preloaded on every page, so on a
 * phone it competes with the page itself (Lighthouse). A character outside the subset
 * falls back to the system font for that character. Made with fontTools:
 *
 *   pyftsubset node_modules/geist/dist/fonts/geist-sans/Geist-Variable.woff2 --flavor=woff2 \
 *     --layout-features='kern,liga,calt,ccmp,locl,mark,mkmk' --output-file=subset.woff2 \
 *     --unicodes='U+0020-007E,U+00A0-017F,U+02C6,U+02DA,U+02DC,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2122'
 *   fonttools varLib.instancer subset.woff2 wght=400:700 -o app/fonts/geist-sans-latin.woff2
 */
export const geistSans = localFont({
  src: './geist-sans-latin.woff2',
  variable: '--font-geist-sans',
  weight: '400 700',
  display: 'swap',
});

import { serializeJsonLd } from './json-ld';

/** Structured data for search engines; escaped so no text in it can end the script element. */
export function JsonLdScript({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

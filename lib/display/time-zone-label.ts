/*
 * The name of an office's time zone beside its times (SPEC.md section 3, "Time-zone options":
 * AKST, AST, CST, EST, HST, MST, MST (Arizona), PST, PKT, IST, labelled like
 * 'EST - EASTERN TIME ZONE'). A zone that fits one of them gets its label; any other zone its
 * localized generic name from Intl ("Central European Time"). Client-safe and tiny: the slot
 * picker of the public pages uses it, and server code (emails, calendar files) can too.
 *
 * The labels live here rather than in messages/*.json: they are fixed to the zone table below,
 * and callers on public pages, in the BFF and in the backend's emails get them without loading
 * a message namespace.
 */

export type SpecTimeZone = 'AKST' | 'AST' | 'CST' | 'EST' | 'HST' | 'MST' | 'MST (Arizona)' | 'PST' | 'PKT' | 'IST';

/**
 * The IANA zones each option covers: the canonical zones that keep that clock (with its
 * daylight-saving rule, if any) and their common aliases. MST (Arizona) is mountain time
 * without daylight saving; Alaska's Aleutian islands (America/Adak) and Yukon keep other
 * clocks and get Intl's name.
 */
export const SPEC_TIME_ZONES: Readonly<Record<SpecTimeZone, readonly string[]>> = {
  EST: [
    'America/New_York',
    'America/Detroit',
    'America/Kentucky/Louisville',
    'America/Kentucky/Monticello',
    'America/Indiana/Indianapolis',
    'America/Indiana/Vincennes',
    'America/Indiana/Winamac',
    'America/Indiana/Marengo',
    'America/Indiana/Petersburg',
    'America/Indiana/Vevay',
    'America/Toronto',
    'America/Iqaluit',
    'America/Nassau',
    'America/Indianapolis',
    'America/Fort_Wayne',
    'America/Louisville',
    'America/Montreal',
    'America/Nipigon',
    'America/Thunder_Bay',
    'US/Eastern',
    'US/East-Indiana',
    'US/Michigan',
    'Canada/Eastern',
    'EST5EDT',
  ],
  CST: [
    'America/Chicago',
    'America/Indiana/Knox',
    'America/Indiana/Tell_City',
    'America/Menominee',
    'America/North_Dakota/Center',
    'America/North_Dakota/New_Salem',
    'America/North_Dakota/Beulah',
    'America/Winnipeg',
    'America/Rankin_Inlet',
    'America/Resolute',
    'America/Rainy_River',
    'America/Knox_IN',
    'US/Central',
    'US/Indiana-Starke',
    'Canada/Central',
    'CST6CDT',
  ],
  MST: [
    'America/Denver',
    'America/Boise',
    'America/Edmonton',
    'America/Cambridge_Bay',
    'America/Inuvik',
    'America/Yellowknife',
    'America/Shiprock',
    'US/Mountain',
    'Canada/Mountain',
    'MST7MDT',
    'Navajo',
  ],
  'MST (Arizona)': ['America/Phoenix', 'America/Creston', 'US/Arizona', 'MST'],
  PST: ['America/Los_Angeles', 'America/Vancouver', 'US/Pacific', 'Canada/Pacific', 'PST8PDT'],
  AKST: [
    'America/Anchorage',
    'America/Juneau',
    'America/Sitka',
    'America/Yakutat',
    'America/Nome',
    'America/Metlakatla',
    'US/Alaska',
  ],
  HST: ['Pacific/Honolulu', 'Pacific/Johnston', 'US/Hawaii', 'HST'],
  AST: [
    'America/Puerto_Rico',
    'America/St_Thomas',
    'America/Virgin',
    'America/Halifax',
    'America/Moncton',
    'America/Glace_Bay',
    'America/Goose_Bay',
    'Atlantic/Bermuda',
    'Canada/Atlantic',
  ],
  PKT: ['Asia/Karachi'],
  IST: ['Asia/Kolkata', 'Asia/Calcutta'],
};

const LABELS: Readonly<Record<'en' | 'es', Readonly<Record<SpecTimeZone, string>>>> = {
  en: {
    EST: 'EST - EASTERN TIME ZONE',
    CST: 'CST - CENTRAL TIME ZONE',
    MST: 'MST - MOUNTAIN TIME ZONE',
    'MST (Arizona)': 'MST (ARIZONA) - MOUNTAIN TIME ZONE',
    PST: 'PST - PACIFIC TIME ZONE',
    AKST: 'AKST - ALASKA TIME ZONE',
    HST: 'HST - HAWAII TIME ZONE',
    AST: 'AST - ATLANTIC TIME ZONE',
    PKT: 'PKT - PAKISTAN TIME ZONE',
    IST: 'IST - INDIA TIME ZONE',
  },
  es: {
    EST: 'EST - ZONA HORARIA DEL ESTE',
    CST: 'CST - ZONA HORARIA DEL CENTRO',
    MST: 'MST - ZONA HORARIA DE LA MONTAÑA',
    'MST (Arizona)': 'MST (ARIZONA) - ZONA HORARIA DE LA MONTAÑA',
    PST: 'PST - ZONA HORARIA DEL PACÍFICO',
    AKST: 'AKST - ZONA HORARIA DE ALASKA',
    HST: 'HST - ZONA HORARIA DE HAWÁI',
    AST: 'AST - ZONA HORARIA DEL ATLÁNTICO',
    PKT: 'PKT - ZONA HORARIA DE PAKISTÁN',
    IST: 'IST - ZONA HORARIA DE LA INDIA',
  },
};

let byZone: Map<string, SpecTimeZone> | undefined;

/** The spec's option an IANA zone falls under, if any. */
export function specTimeZone(ianaZone: string): SpecTimeZone | undefined {
  if (!byZone) {
    byZone = new Map();
    for (const [option, zones] of Object.entries(SPEC_TIME_ZONES) as [SpecTimeZone, readonly string[]][]) {
      for (const zone of zones) byZone.set(zone, option);
    }
  }
  return byZone.get(ianaZone);
}

/** 'EST - EASTERN TIME ZONE' for America/New_York; Intl's generic name ("Central European Time") otherwise. */
export function timeZoneLabel(ianaZone: string, locale: string): string {
  const option = specTimeZone(ianaZone);
  if (option) return LABELS[locale === 'es' ? 'es' : 'en'][option];
  try {
    const parts = new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', {
      timeZone: ianaZone,
      timeZoneName: 'longGeneric',
    }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? ianaZone;
  } catch {
    // An id this runtime does not know: show it as it is rather than nothing.
    return ianaZone;
  }
}

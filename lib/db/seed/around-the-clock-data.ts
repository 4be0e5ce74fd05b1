/**
 * Two teledental practices open around the clock (seeded with the generated providers; README
 * "Demo data"). Real 24/7 teledental services exist; here they also give demos and the
 * end-to-end tests a slot at any hour: a visit soon enough for the office to check it in
 * (from 30 minutes before the start), or one less than 24 hours ahead.
 *
 * Slots are 60 minutes on the hour of the office's time zone (SPEC.md section 9). Phoenix
 * (UTC-7) starts them on the full UTC hour; Darwin (UTC+9:30) on the half hour. Neither zone
 * changes its clocks (a clock change skips or repeats an hour, which would leave a gap), so
 * between the two some slot always starts within the next 30 minutes. Plain data, also read by
 * the e2e helpers.
 */

export interface AroundTheClockOffice {
  name: string;
  /** The office-facing API key (README "Office-facing API"); only its SHA-256 is stored. */
  demoKey: string;
  descriptionEn: string;
  descriptionEs: string;
  phone: string;
  website: string;
  addressLine: string;
  suite: string | null;
  city: string;
  state: string;
  zip: string;
  countryCode: 'US' | 'AU';
  latitude: number;
  longitude: number;
  timeZone: string;
  languages: string[];
  teledentalFeeCents: number;
  /** On shift in turn, so each is bookable at any hour. */
  providers: {
    firstName: string;
    lastName: string;
    gender: 'female' | 'male';
    title: string;
    languages: string[];
    experience: number;
    school: string;
  }[];
}

/** Every day, midnight to midnight (24:00 ends the day, as schema.org and the slot grid read it). */
export const AROUND_THE_CLOCK_HOURS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  opens: '00:00',
  closes: '24:00',
}));

export const AROUND_THE_CLOCK_OFFICES: readonly AroundTheClockOffice[] = [
  {
    name: 'Around the Clock Teledental – Phoenix',
    demoKey: 'demo-office-24h-phoenix-key',
    descriptionEn:
      'A teledental practice open day and night, every day of the year. Our dentists take video visits on rotating shifts, for a toothache at 3 a.m. as much as for a question about a treatment plan.',
    descriptionEs:
      'Una consulta de teleodontología abierta día y noche, todos los días del año. Nuestros dentistas atienden videoconsultas por turnos, tanto por un dolor de muelas a las 3 de la madrugada como por una duda sobre un plan de tratamiento.',
    phone: '(602) 555-0124',
    website: 'https://www.aroundtheclockteledental.com',
    addressLine: '2 N Central Ave',
    suite: 'Suite 1800',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85004',
    countryCode: 'US',
    latitude: 33.4486,
    longitude: -112.0738,
    timeZone: 'America/Phoenix',
    languages: ['en', 'es'],
    teledentalFeeCents: 4500,
    providers: [
      {
        firstName: 'Nadia',
        lastName: 'Okafor',
        gender: 'female',
        title: 'DDS',
        languages: ['en'],
        experience: 11,
        school: 'Arizona School of Dentistry & Oral Health',
      },
      {
        firstName: 'Daniel',
        lastName: 'Ferreira',
        gender: 'male',
        title: 'DMD',
        languages: ['en', 'es'],
        experience: 7,
        school: 'Midwestern University College of Dental Medicine-Arizona',
      },
      {
        firstName: 'Grace',
        lastName: 'Lin',
        gender: 'female',
        title: 'DDS',
        languages: ['en', 'zh'],
        experience: 15,
        school: 'University of Southern California Herman Ostrow School of Dentistry',
      },
      {
        firstName: 'Marcus',
        lastName: 'Bell',
        gender: 'male',
        title: 'DDS',
        languages: ['en'],
        experience: 9,
        school: 'University of Colorado School of Dental Medicine',
      },
      {
        firstName: 'Elena',
        lastName: 'Vargas',
        gender: 'female',
        title: 'DMD',
        languages: ['en', 'es'],
        experience: 12,
        school: 'University of Nevada, Las Vegas School of Dental Medicine',
      },
      {
        firstName: 'Samuel',
        lastName: 'Yazzie',
        gender: 'male',
        title: 'DDS',
        languages: ['en', 'nv'],
        experience: 5,
        school: 'Arizona School of Dentistry & Oral Health',
      },
      {
        firstName: 'Hannah',
        lastName: 'Kowalski',
        gender: 'female',
        title: 'DDS',
        languages: ['en', 'pl'],
        experience: 8,
        school: 'University of Utah School of Dentistry',
      },
      {
        firstName: 'Rafael',
        lastName: 'Mendoza',
        gender: 'male',
        title: 'DMD',
        languages: ['en', 'es'],
        experience: 17,
        school: 'Midwestern University College of Dental Medicine-Arizona',
      },
    ],
  },
  {
    name: 'Around the Clock Teledental – Darwin',
    demoKey: 'demo-office-24h-darwin-key',
    descriptionEn:
      'A teledental practice open day and night, every day of the year, from Darwin. Our dentists take video visits on rotating shifts across every time zone.',
    descriptionEs:
      'Una consulta de teleodontología abierta día y noche, todos los días del año, desde Darwin. Nuestros dentistas atienden videoconsultas por turnos en todos los husos horarios.',
    phone: '+61 8 5550 0188',
    website: 'https://www.aroundtheclockteledental.com.au',
    addressLine: '19 Smith St',
    suite: 'Level 6',
    city: 'Darwin',
    state: 'NT',
    zip: '0800',
    countryCode: 'AU',
    latitude: -12.4634,
    longitude: 130.8418,
    timeZone: 'Australia/Darwin',
    languages: ['en', 'el'],
    teledentalFeeCents: 4000,
    providers: [
      {
        firstName: 'Claire',
        lastName: 'Tremblay',
        gender: 'female',
        title: 'BDS',
        languages: ['en', 'fr'],
        experience: 9,
        school: 'University of Adelaide Dental School',
      },
      {
        firstName: 'Owen',
        lastName: 'Murphy',
        gender: 'male',
        title: 'BDS',
        languages: ['en'],
        experience: 13,
        school: 'University of Sydney School of Dentistry',
      },
      {
        firstName: 'Priya',
        lastName: 'Raman',
        gender: 'female',
        title: 'BDS',
        languages: ['en', 'hi'],
        experience: 6,
        school: 'University of Melbourne Melbourne Dental School',
      },
      {
        firstName: 'Liam',
        lastName: "O'Connor",
        gender: 'male',
        title: 'BDS',
        languages: ['en'],
        experience: 10,
        school: 'University of Queensland School of Dentistry',
      },
      {
        firstName: 'Sofia',
        lastName: 'Papadopoulos',
        gender: 'female',
        title: 'BDS',
        languages: ['en', 'el'],
        experience: 14,
        school: 'University of Adelaide Dental School',
      },
      {
        firstName: 'James',
        lastName: 'Nguyen',
        gender: 'male',
        title: 'BDS',
        languages: ['en', 'vi'],
        experience: 7,
        school: 'University of Sydney School of Dentistry',
      },
      {
        firstName: 'Amelia',
        lastName: 'Walker',
        gender: 'female',
        title: 'BDS',
        languages: ['en'],
        experience: 4,
        school: 'Charles Sturt University School of Dentistry',
      },
      {
        firstName: 'Ethan',
        lastName: 'Wu',
        gender: 'male',
        title: 'BDS',
        languages: ['en', 'zh'],
        experience: 11,
        school: 'University of Western Australia Dental School',
      },
    ],
  },
];

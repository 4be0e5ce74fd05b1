/**
 * Static material for the generated discovery seed: metros with real neighbourhood centres,
 * ZIP codes, streets and time zones, names, schools and text templates in English and Spanish.
 */

export const SERVICES = [
  ['preventive-care', 'Preventive care and cleanings', 'Atención preventiva y limpiezas'],
  ['cosmetic-dentistry', 'Cosmetic dentistry', 'Odontología estética'],
  ['teeth-whitening', 'Teeth whitening', 'Blanqueamiento dental'],
  ['porcelain-veneers', 'Porcelain veneers', 'Carillas de porcelana'],
  ['invisalign', 'Invisalign clear aligners', 'Alineadores transparentes Invisalign'],
  ['traditional-braces', 'Traditional braces', 'Brackets tradicionales'],
  ['dental-implants', 'Dental implants', 'Implantes dentales'],
  ['all-on-4', 'All-on-4 full-arch implants', 'Implantes de arcada completa All-on-4'],
  ['root-canal-therapy', 'Root canal therapy', 'Tratamiento de conductos'],
  ['crowns-bridges', 'Crowns and bridges', 'Coronas y puentes'],
  ['same-day-crowns', 'Same-day crowns', 'Coronas en el día'],
  ['dentures', 'Full and partial dentures', 'Dentaduras completas y parciales'],
  ['oral-surgery', 'Oral surgery', 'Cirugía oral'],
  ['wisdom-teeth-removal', 'Wisdom teeth removal', 'Extracción de muelas del juicio'],
  ['pediatric-dentistry', 'Pediatric dentistry', 'Odontopediatría'],
  ['periodontal-therapy', 'Periodontal (gum) therapy', 'Tratamiento periodontal (encías)'],
  ['emergency-dentistry', 'Emergency dentistry', 'Urgencias dentales'],
  ['sedation-dentistry', 'Sedation dentistry', 'Odontología con sedación'],
  ['tmj-treatment', 'TMJ and jaw pain treatment', 'Tratamiento de ATM y dolor mandibular'],
  ['sleep-apnea', 'Sleep apnea oral appliances', 'Aparatos orales para la apnea del sueño'],
  ['night-guards', 'Night guards', 'Férulas de descarga'],
  ['sports-mouthguards', 'Custom sports mouthguards', 'Protectores bucales deportivos a medida'],
  ['fluoride-sealants', 'Fluoride and sealants', 'Flúor y selladores'],
  ['oral-cancer-screening', 'Oral cancer screening', 'Detección de cáncer oral'],
  ['bone-grafting', 'Bone grafting', 'Injerto óseo'],
  ['gum-grafting', 'Gum grafting', 'Injerto de encía'],
  ['teledentistry', 'Teledentistry (video visits)', 'Teleodontología (videoconsultas)'],
  ['smile-makeover', 'Smile makeover', 'Diseño de sonrisa'],
] as const;

export interface Neighborhood {
  name: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
}

export interface Metro {
  key: string;
  countryCode: 'US' | 'MX' | 'ES' | 'CA' | 'GB' | 'AU';
  timeZone: string;
  /** Share of generated providers. */
  weight: number;
  /** Phone prefixes (area codes) used for office numbers. */
  areaCodes: string[];
  streets: string[];
  neighborhoods: Neighborhood[];
  /** Extra languages commonly spoken by providers here (besides the local one). */
  languages: string[];
  /** Schools local providers studied at (first degree). */
  schools: string[];
}

const US_SCHOOLS_COMMON = [
  'University of Michigan School of Dentistry',
  'University of Pennsylvania School of Dental Medicine',
  'Harvard School of Dental Medicine',
  'University of North Carolina Adams School of Dentistry',
  'Indiana University School of Dentistry',
  'University of Iowa College of Dentistry',
  'Ohio State University College of Dentistry',
  'University of Maryland School of Dentistry',
];

export const METROS: Metro[] = [
  {
    key: 'new-york',
    countryCode: 'US',
    timeZone: 'America/New_York',
    weight: 16,
    areaCodes: ['212', '646', '718', '347', '201'],
    streets: ['Broadway', 'Lexington Ave', 'Madison Ave', '5th Ave', 'Amsterdam Ave', 'Court St', 'Atlantic Ave',
      'Bedford Ave', 'Steinway St', 'Main St', 'Newark Ave', 'Washington St', 'Grand Concourse', 'W 57th St',
      'E 86th St', 'Columbus Ave', '7th Ave', 'Flatbush Ave', 'Park Ave', 'Bleecker St'],
    neighborhoods: [
      { name: 'Midtown', city: 'New York', state: 'NY', zip: '10018', lat: 40.7549, lng: -73.984 },
      { name: 'Upper East Side', city: 'New York', state: 'NY', zip: '10075', lat: 40.7736, lng: -73.9566 },
      { name: 'Upper West Side', city: 'New York', state: 'NY', zip: '10024', lat: 40.787, lng: -73.9754 },
      { name: 'Greenwich Village', city: 'New York', state: 'NY', zip: '10014', lat: 40.7336, lng: -74.0027 },
      { name: 'Financial District', city: 'New York', state: 'NY', zip: '10005', lat: 40.7075, lng: -74.0113 },
      { name: 'Harlem', city: 'New York', state: 'NY', zip: '10027', lat: 40.8116, lng: -73.9465 },
      { name: 'Brooklyn Heights', city: 'Brooklyn', state: 'NY', zip: '11201', lat: 40.696, lng: -73.9936 },
      { name: 'Park Slope', city: 'Brooklyn', state: 'NY', zip: '11215', lat: 40.671, lng: -73.9814 },
      { name: 'Williamsburg', city: 'Brooklyn', state: 'NY', zip: '11211', lat: 40.7081, lng: -73.9571 },
      { name: 'Astoria', city: 'Astoria', state: 'NY', zip: '11102', lat: 40.7644, lng: -73.9235 },
      { name: 'Flushing', city: 'Flushing', state: 'NY', zip: '11354', lat: 40.7675, lng: -73.8331 },
      { name: 'Fordham', city: 'Bronx', state: 'NY', zip: '10458', lat: 40.8615, lng: -73.8905 },
      { name: 'St. George', city: 'Staten Island', state: 'NY', zip: '10301', lat: 40.6437, lng: -74.0736 },
      { name: 'Downtown Jersey City', city: 'Jersey City', state: 'NJ', zip: '07302', lat: 40.7178, lng: -74.0431 },
      { name: 'Hoboken', city: 'Hoboken', state: 'NJ', zip: '07030', lat: 40.744, lng: -74.0324 },
    ],
    languages: ['es', 'zh', 'ru', 'ko', 'ht', 'he', 'it', 'pl', 'el'],
    schools: ['New York University College of Dentistry', 'Columbia University College of Dental Medicine',
      'Stony Brook University School of Dental Medicine', 'Rutgers School of Dental Medicine', ...US_SCHOOLS_COMMON],
  },
  {
    key: 'los-angeles',
    countryCode: 'US',
    timeZone: 'America/Los_Angeles',
    weight: 13,
    areaCodes: ['213', '310', '323', '626', '818'],
    streets: ['Wilshire Blvd', 'Sunset Blvd', 'Santa Monica Blvd', 'Colorado Blvd', 'Ocean Ave', 'Vermont Ave',
      'Brand Blvd', 'Hawthorne Blvd', 'Pico Blvd', 'Olympic Blvd', 'Figueroa St', 'La Brea Ave', 'Venice Blvd',
      'Lake Ave', 'Pine Ave', 'Magnolia Blvd'],
    neighborhoods: [
      { name: 'Downtown', city: 'Los Angeles', state: 'CA', zip: '90014', lat: 34.0407, lng: -118.2468 },
      { name: 'Hollywood', city: 'Los Angeles', state: 'CA', zip: '90028', lat: 34.0928, lng: -118.3287 },
      { name: 'Koreatown', city: 'Los Angeles', state: 'CA', zip: '90010', lat: 34.0618, lng: -118.3004 },
      { name: 'Santa Monica', city: 'Santa Monica', state: 'CA', zip: '90401', lat: 34.0195, lng: -118.4912 },
      { name: 'Beverly Hills', city: 'Beverly Hills', state: 'CA', zip: '90210', lat: 34.0736, lng: -118.4004 },
      { name: 'Pasadena', city: 'Pasadena', state: 'CA', zip: '91101', lat: 34.1478, lng: -118.1445 },
      { name: 'Long Beach', city: 'Long Beach', state: 'CA', zip: '90802', lat: 33.7701, lng: -118.1937 },
      { name: 'Glendale', city: 'Glendale', state: 'CA', zip: '91203', lat: 34.1425, lng: -118.2551 },
      { name: 'Burbank', city: 'Burbank', state: 'CA', zip: '91502', lat: 34.1808, lng: -118.309 },
      { name: 'Culver City', city: 'Culver City', state: 'CA', zip: '90232', lat: 34.0211, lng: -118.3965 },
      { name: 'Torrance', city: 'Torrance', state: 'CA', zip: '90503', lat: 33.8358, lng: -118.3406 },
      { name: 'Boyle Heights', city: 'Los Angeles', state: 'CA', zip: '90033', lat: 34.0339, lng: -118.2053 },
    ],
    languages: ['es', 'ko', 'zh', 'tl', 'vi', 'fa', 'ja', 'ru'],
    schools: ['UCLA School of Dentistry', 'Herman Ostrow School of Dentistry of USC',
      'Loma Linda University School of Dentistry', 'University of the Pacific Arthur A. Dugoni School of Dentistry',
      'UCSF School of Dentistry', 'Western University of Health Sciences College of Dental Medicine', ...US_SCHOOLS_COMMON],
  },
  {
    key: 'chicago',
    countryCode: 'US',
    timeZone: 'America/Chicago',
    weight: 10,
    areaCodes: ['312', '773', '847', '630', '708'],
    streets: ['N Michigan Ave', 'W Madison St', 'N Clark St', 'N Milwaukee Ave', 'W Division St', 'E 53rd St',
      'Chicago Ave', 'Lake St', 'W Belmont Ave', 'N Halsted St', 'S Wabash Ave', 'W Jefferson Ave', 'Golf Rd'],
    neighborhoods: [
      { name: 'The Loop', city: 'Chicago', state: 'IL', zip: '60603', lat: 41.8837, lng: -87.6289 },
      { name: 'Lincoln Park', city: 'Chicago', state: 'IL', zip: '60614', lat: 41.9214, lng: -87.6513 },
      { name: 'Wicker Park', city: 'Chicago', state: 'IL', zip: '60622', lat: 41.9088, lng: -87.6796 },
      { name: 'Lakeview', city: 'Chicago', state: 'IL', zip: '60657', lat: 41.9434, lng: -87.6553 },
      { name: 'Hyde Park', city: 'Chicago', state: 'IL', zip: '60615', lat: 41.7943, lng: -87.5907 },
      { name: 'Pilsen', city: 'Chicago', state: 'IL', zip: '60608', lat: 41.8567, lng: -87.6564 },
      { name: 'Evanston', city: 'Evanston', state: 'IL', zip: '60201', lat: 42.0451, lng: -87.6877 },
      { name: 'Oak Park', city: 'Oak Park', state: 'IL', zip: '60302', lat: 41.885, lng: -87.7845 },
      { name: 'Naperville', city: 'Naperville', state: 'IL', zip: '60540', lat: 41.7508, lng: -88.1535 },
      { name: 'Schaumburg', city: 'Schaumburg', state: 'IL', zip: '60173', lat: 42.0334, lng: -88.0834 },
    ],
    languages: ['es', 'pl', 'zh', 'ar', 'hi', 'ur', 'el'],
    schools: ['University of Illinois Chicago College of Dentistry', 'Midwestern University College of Dental Medicine-Illinois',
      'Marquette University School of Dentistry', ...US_SCHOOLS_COMMON],
  },
  {
    key: 'houston',
    countryCode: 'US',
    timeZone: 'America/Chicago',
    weight: 9,
    areaCodes: ['713', '281', '832', '346'],
    streets: ['Westheimer Rd', 'Main St', 'Richmond Ave', 'Kirby Dr', 'Montrose Blvd', 'Washington Ave',
      'Fannin St', 'San Felipe St', 'Bellaire Blvd', 'Memorial Dr', 'Heights Blvd', 'Post Oak Blvd'],
    neighborhoods: [
      { name: 'Downtown', city: 'Houston', state: 'TX', zip: '77002', lat: 29.7604, lng: -95.3698 },
      { name: 'Montrose', city: 'Houston', state: 'TX', zip: '77006', lat: 29.7449, lng: -95.391 },
      { name: 'The Heights', city: 'Houston', state: 'TX', zip: '77008', lat: 29.7982, lng: -95.3984 },
      { name: 'Uptown', city: 'Houston', state: 'TX', zip: '77056', lat: 29.739, lng: -95.4613 },
      { name: 'Medical Center', city: 'Houston', state: 'TX', zip: '77030', lat: 29.7079, lng: -95.4018 },
      { name: 'Bellaire', city: 'Bellaire', state: 'TX', zip: '77401', lat: 29.7058, lng: -95.4588 },
      { name: 'Sugar Land', city: 'Sugar Land', state: 'TX', zip: '77479', lat: 29.6197, lng: -95.6349 },
      { name: 'Katy', city: 'Katy', state: 'TX', zip: '77494', lat: 29.7858, lng: -95.8245 },
      { name: 'The Woodlands', city: 'The Woodlands', state: 'TX', zip: '77380', lat: 30.1658, lng: -95.4613 },
      { name: 'Pearland', city: 'Pearland', state: 'TX', zip: '77581', lat: 29.5636, lng: -95.286 },
    ],
    languages: ['es', 'vi', 'zh', 'ar', 'hi', 'ur', 'tl'],
    schools: ['UTHealth Houston School of Dentistry', 'Texas A&M School of Dentistry',
      'UT Health San Antonio School of Dentistry', ...US_SCHOOLS_COMMON],
  },
  {
    key: 'miami',
    countryCode: 'US',
    timeZone: 'America/New_York',
    weight: 9,
    areaCodes: ['305', '786', '954'],
    streets: ['Brickell Ave', 'Biscayne Blvd', 'Collins Ave', 'Alton Rd', 'Calle Ocho', 'Coral Way',
      'Ponce de Leon Blvd', 'NW 36th St', 'SW 88th St', 'Las Olas Blvd', 'W 49th St', 'NE 2nd Ave'],
    neighborhoods: [
      { name: 'Brickell', city: 'Miami', state: 'FL', zip: '33131', lat: 25.7617, lng: -80.1918 },
      { name: 'Little Havana', city: 'Miami', state: 'FL', zip: '33135', lat: 25.7654, lng: -80.2197 },
      { name: 'Wynwood', city: 'Miami', state: 'FL', zip: '33127', lat: 25.8005, lng: -80.1992 },
      { name: 'Kendall', city: 'Miami', state: 'FL', zip: '33156', lat: 25.6793, lng: -80.3173 },
      { name: 'Miami Beach', city: 'Miami Beach', state: 'FL', zip: '33139', lat: 25.7907, lng: -80.13 },
      { name: 'Coral Gables', city: 'Coral Gables', state: 'FL', zip: '33134', lat: 25.7215, lng: -80.2684 },
      { name: 'Doral', city: 'Doral', state: 'FL', zip: '33178', lat: 25.8195, lng: -80.3553 },
      { name: 'Hialeah', city: 'Hialeah', state: 'FL', zip: '33012', lat: 25.8576, lng: -80.2781 },
      { name: 'Aventura', city: 'Aventura', state: 'FL', zip: '33180', lat: 25.9565, lng: -80.1392 },
      { name: 'Fort Lauderdale', city: 'Fort Lauderdale', state: 'FL', zip: '33301', lat: 26.1224, lng: -80.1373 },
    ],
    languages: ['es', 'pt', 'ht', 'fr', 'ru', 'he'],
    schools: ['Nova Southeastern University College of Dental Medicine', 'University of Florida College of Dentistry',
      'LECOM School of Dental Medicine', ...US_SCHOOLS_COMMON],
  },
  {
    key: 'phoenix',
    countryCode: 'US',
    timeZone: 'America/Phoenix',
    weight: 7,
    areaCodes: ['602', '480', '623'],
    streets: ['N Central Ave', 'E Camelback Rd', 'N Scottsdale Rd', 'S Mill Ave', 'W Main St', 'N Arizona Ave',
      'E Indian School Rd', 'W Glendale Ave', 'E Baseline Rd', 'N 44th St'],
    neighborhoods: [
      { name: 'Downtown', city: 'Phoenix', state: 'AZ', zip: '85004', lat: 33.4484, lng: -112.074 },
      { name: 'Arcadia', city: 'Phoenix', state: 'AZ', zip: '85018', lat: 33.499, lng: -111.979 },
      { name: 'Scottsdale', city: 'Scottsdale', state: 'AZ', zip: '85251', lat: 33.4942, lng: -111.9261 },
      { name: 'Tempe', city: 'Tempe', state: 'AZ', zip: '85281', lat: 33.4255, lng: -111.94 },
      { name: 'Mesa', city: 'Mesa', state: 'AZ', zip: '85201', lat: 33.4152, lng: -111.8315 },
      { name: 'Chandler', city: 'Chandler', state: 'AZ', zip: '85225', lat: 33.3062, lng: -111.8413 },
      { name: 'Gilbert', city: 'Gilbert', state: 'AZ', zip: '85234', lat: 33.3528, lng: -111.789 },
      { name: 'Glendale', city: 'Glendale', state: 'AZ', zip: '85301', lat: 33.5387, lng: -112.186 },
    ],
    languages: ['es', 'vi', 'ar', 'tl'],
    schools: ['Arizona School of Dentistry & Oral Health', 'Midwestern University College of Dental Medicine-Arizona',
      ...US_SCHOOLS_COMMON],
  },
  {
    key: 'seattle',
    countryCode: 'US',
    timeZone: 'America/Los_Angeles',
    weight: 7,
    areaCodes: ['206', '425', '253'],
    streets: ['Pike St', '1st Ave', 'Broadway E', 'NW Market St', 'Fremont Ave N', 'University Way NE',
      'Bellevue Way NE', 'Redmond Way', 'California Ave SW', 'Lake Washington Blvd', 'Madison St'],
    neighborhoods: [
      { name: 'Downtown', city: 'Seattle', state: 'WA', zip: '98101', lat: 47.6062, lng: -122.3321 },
      { name: 'Capitol Hill', city: 'Seattle', state: 'WA', zip: '98102', lat: 47.6253, lng: -122.3222 },
      { name: 'Ballard', city: 'Seattle', state: 'WA', zip: '98107', lat: 47.6687, lng: -122.3847 },
      { name: 'Fremont', city: 'Seattle', state: 'WA', zip: '98103', lat: 47.6505, lng: -122.3493 },
      { name: 'University District', city: 'Seattle', state: 'WA', zip: '98105', lat: 47.6613, lng: -122.3133 },
      { name: 'West Seattle', city: 'Seattle', state: 'WA', zip: '98116', lat: 47.5707, lng: -122.387 },
      { name: 'Bellevue', city: 'Bellevue', state: 'WA', zip: '98004', lat: 47.6101, lng: -122.2015 },
      { name: 'Redmond', city: 'Redmond', state: 'WA', zip: '98052', lat: 47.674, lng: -122.1215 },
      { name: 'Kirkland', city: 'Kirkland', state: 'WA', zip: '98033', lat: 47.6769, lng: -122.206 },
    ],
    languages: ['zh', 'vi', 'ko', 'es', 'ja', 'ru', 'hi'],
    schools: ['University of Washington School of Dentistry', 'Oregon Health & Science University School of Dentistry',
      ...US_SCHOOLS_COMMON],
  },
  {
    key: 'atlanta',
    countryCode: 'US',
    timeZone: 'America/New_York',
    weight: 8,
    areaCodes: ['404', '678', '770'],
    streets: ['Peachtree St NE', 'Piedmont Ave NE', 'Ponce de Leon Ave', 'W Paces Ferry Rd', 'Roswell Rd',
      'N Highland Ave', 'Clairmont Rd', 'Church St', 'Windward Pkwy', 'Marietta St NW'],
    neighborhoods: [
      { name: 'Midtown', city: 'Atlanta', state: 'GA', zip: '30308', lat: 33.7838, lng: -84.3831 },
      { name: 'Buckhead', city: 'Atlanta', state: 'GA', zip: '30305', lat: 33.8381, lng: -84.3797 },
      { name: 'Downtown', city: 'Atlanta', state: 'GA', zip: '30303', lat: 33.7537, lng: -84.3863 },
      { name: 'Virginia-Highland', city: 'Atlanta', state: 'GA', zip: '30306', lat: 33.7818, lng: -84.3533 },
      { name: 'Decatur', city: 'Decatur', state: 'GA', zip: '30030', lat: 33.7748, lng: -84.2963 },
      { name: 'Sandy Springs', city: 'Sandy Springs', state: 'GA', zip: '30328', lat: 33.9304, lng: -84.3733 },
      { name: 'Marietta', city: 'Marietta', state: 'GA', zip: '30060', lat: 33.9526, lng: -84.5499 },
      { name: 'Alpharetta', city: 'Alpharetta', state: 'GA', zip: '30009', lat: 34.0754, lng: -84.2941 },
    ],
    languages: ['es', 'ko', 'vi', 'zh', 'fr', 'hi'],
    schools: ['Dental College of Georgia at Augusta University', 'Meharry Medical College School of Dentistry',
      'Howard University College of Dentistry', ...US_SCHOOLS_COMMON],
  },
  {
    key: 'boston',
    countryCode: 'US',
    timeZone: 'America/New_York',
    weight: 8,
    areaCodes: ['617', '857', '781'],
    streets: ['Boylston St', 'Newbury St', 'Commonwealth Ave', 'Charles St', 'Tremont St', 'Massachusetts Ave',
      'Beacon St', 'Harvard St', 'Washington St', 'Hancock St', 'Summer St', 'Highland Ave'],
    neighborhoods: [
      { name: 'Back Bay', city: 'Boston', state: 'MA', zip: '02116', lat: 42.3503, lng: -71.081 },
      { name: 'Beacon Hill', city: 'Boston', state: 'MA', zip: '02108', lat: 42.3588, lng: -71.0707 },
      { name: 'South End', city: 'Boston', state: 'MA', zip: '02118', lat: 42.3388, lng: -71.0765 },
      { name: 'Seaport', city: 'Boston', state: 'MA', zip: '02210', lat: 42.3519, lng: -71.0446 },
      { name: 'Cambridge', city: 'Cambridge', state: 'MA', zip: '02138', lat: 42.3736, lng: -71.1097 },
      { name: 'Somerville', city: 'Somerville', state: 'MA', zip: '02143', lat: 42.3876, lng: -71.0995 },
      { name: 'Brookline', city: 'Brookline', state: 'MA', zip: '02446', lat: 42.3318, lng: -71.1212 },
      { name: 'Newton', city: 'Newton', state: 'MA', zip: '02458', lat: 42.337, lng: -71.2092 },
      { name: 'Quincy', city: 'Quincy', state: 'MA', zip: '02169', lat: 42.2529, lng: -71.0023 },
    ],
    languages: ['es', 'pt', 'zh', 'ht', 'vi', 'ru', 'it', 'el'],
    schools: ['Tufts University School of Dental Medicine', 'Boston University Henry M. Goldman School of Dental Medicine',
      'Harvard School of Dental Medicine', 'University of Connecticut School of Dental Medicine', ...US_SCHOOLS_COMMON],
  },
  {
    key: 'denver',
    countryCode: 'US',
    timeZone: 'America/Denver',
    weight: 6,
    areaCodes: ['303', '720'],
    streets: ['17th St', 'Larimer St', 'E Colfax Ave', 'Broadway', 'E 1st Ave', 'Tennyson St', 'S Havana St',
      'W Alameda Ave', 'Pearl St', 'W Littleton Blvd', 'S Colorado Blvd'],
    neighborhoods: [
      { name: 'LoDo', city: 'Denver', state: 'CO', zip: '80202', lat: 39.7527, lng: -104.9995 },
      { name: 'Capitol Hill', city: 'Denver', state: 'CO', zip: '80203', lat: 39.7312, lng: -104.9803 },
      { name: 'Cherry Creek', city: 'Denver', state: 'CO', zip: '80206', lat: 39.7177, lng: -104.953 },
      { name: 'Highlands', city: 'Denver', state: 'CO', zip: '80211', lat: 39.7597, lng: -105.011 },
      { name: 'Aurora', city: 'Aurora', state: 'CO', zip: '80012', lat: 39.7294, lng: -104.8319 },
      { name: 'Lakewood', city: 'Lakewood', state: 'CO', zip: '80226', lat: 39.7047, lng: -105.0814 },
      { name: 'Boulder', city: 'Boulder', state: 'CO', zip: '80302', lat: 40.015, lng: -105.2705 },
      { name: 'Littleton', city: 'Littleton', state: 'CO', zip: '80120', lat: 39.6133, lng: -105.0166 },
    ],
    languages: ['es', 'vi', 'ru', 'ko', 'de'],
    schools: ['University of Colorado School of Dental Medicine', 'Roseman University College of Dental Medicine',
      ...US_SCHOOLS_COMMON],
  },
  {
    key: 'mexico-city',
    countryCode: 'MX',
    timeZone: 'America/Mexico_City',
    weight: 1.4,
    areaCodes: ['55'],
    streets: ['Av. Presidente Masaryk', 'Calle Colima', 'Av. Álvaro Obregón', 'Av. Tamaulipas',
      'Calle Francisco Sosa', 'Av. Vasco de Quiroga', 'Paseo de la Reforma', 'Av. Insurgentes Sur'],
    neighborhoods: [
      { name: 'Polanco', city: 'Ciudad de México', state: 'CDMX', zip: '11560', lat: 19.4333, lng: -99.195 },
      { name: 'Roma Norte', city: 'Ciudad de México', state: 'CDMX', zip: '06700', lat: 19.4194, lng: -99.1618 },
      { name: 'Condesa', city: 'Ciudad de México', state: 'CDMX', zip: '06140', lat: 19.4116, lng: -99.174 },
      { name: 'Coyoacán', city: 'Ciudad de México', state: 'CDMX', zip: '04000', lat: 19.35, lng: -99.162 },
      { name: 'Santa Fe', city: 'Ciudad de México', state: 'CDMX', zip: '05348', lat: 19.3593, lng: -99.2591 },
    ],
    languages: ['en', 'fr', 'de'],
    schools: ['Facultad de Odontología, Universidad Nacional Autónoma de México (UNAM)',
      'Universidad Tecnológica de México (UNITEC)', 'Universidad Intercontinental'],
  },
  {
    key: 'madrid',
    countryCode: 'ES',
    timeZone: 'Europe/Madrid',
    weight: 1.2,
    areaCodes: ['91'],
    streets: ['Calle de Serrano', 'Calle de Velázquez', 'Calle de Alcalá', 'Calle de Fuencarral',
      'Calle de Génova', 'Calle de O’Donnell', 'Gran Vía', 'Paseo de la Castellana'],
    neighborhoods: [
      { name: 'Salamanca', city: 'Madrid', state: 'Madrid', zip: '28006', lat: 40.4297, lng: -3.6775 },
      { name: 'Chamberí', city: 'Madrid', state: 'Madrid', zip: '28010', lat: 40.4349, lng: -3.7038 },
      { name: 'Centro', city: 'Madrid', state: 'Madrid', zip: '28013', lat: 40.4168, lng: -3.7038 },
      { name: 'Retiro', city: 'Madrid', state: 'Madrid', zip: '28009', lat: 40.4113, lng: -3.6763 },
    ],
    languages: ['en', 'fr', 'pt', 'it', 'de'],
    schools: ['Facultad de Odontología, Universidad Complutense de Madrid', 'Universidad Europea de Madrid',
      'Universidad Rey Juan Carlos'],
  },
  {
    key: 'toronto',
    countryCode: 'CA',
    timeZone: 'America/Toronto',
    weight: 1.4,
    areaCodes: ['416', '647'],
    streets: ['King St W', 'Bloor St W', 'Yonge St', 'Queen St W', 'Liberty St', 'Sheppard Ave E', 'Bay St'],
    neighborhoods: [
      { name: 'Financial District', city: 'Toronto', state: 'ON', zip: 'M5H 2N2', lat: 43.6532, lng: -79.3832 },
      { name: 'Yorkville', city: 'Toronto', state: 'ON', zip: 'M5R 1B2', lat: 43.6709, lng: -79.3933 },
      { name: 'Liberty Village', city: 'Toronto', state: 'ON', zip: 'M6K 3P6', lat: 43.6376, lng: -79.42 },
      { name: 'North York', city: 'Toronto', state: 'ON', zip: 'M2N 5N8', lat: 43.7615, lng: -79.4111 },
    ],
    languages: ['fr', 'zh', 'pt', 'it', 'tl', 'ur', 'fa'],
    schools: ['University of Toronto Faculty of Dentistry', 'McGill University Faculty of Dental Medicine',
      'Western University Schulich School of Medicine & Dentistry'],
  },
  {
    key: 'london',
    countryCode: 'GB',
    timeZone: 'Europe/London',
    weight: 1.4,
    areaCodes: ['20'],
    streets: ['Harley Street', 'Wimpole Street', 'Kensington High Street', 'Shoreditch High Street',
      'Canada Square', 'Marylebone High Street', 'Old Street'],
    neighborhoods: [
      { name: 'Marylebone', city: 'London', state: 'England', zip: 'W1G 9PF', lat: 51.5186, lng: -0.1484 },
      { name: 'Kensington', city: 'London', state: 'England', zip: 'W8 4PT', lat: 51.4991, lng: -0.1938 },
      { name: 'Shoreditch', city: 'London', state: 'England', zip: 'EC2A 3AY', lat: 51.5264, lng: -0.0786 },
      { name: 'Canary Wharf', city: 'London', state: 'England', zip: 'E14 5AB', lat: 51.5054, lng: -0.0235 },
    ],
    languages: ['hi', 'ur', 'pl', 'ar', 'fr', 'it', 'el'],
    schools: ["King's College London Faculty of Dentistry", 'Barts and The London School of Medicine and Dentistry',
      'UCL Eastman Dental Institute'],
  },
  {
    key: 'sydney',
    countryCode: 'AU',
    timeZone: 'Australia/Sydney',
    weight: 1.2,
    areaCodes: ['2'],
    streets: ['George St', 'Pitt St', 'Campbell Pde', 'Church St', 'Miller St', 'Oxford St', 'Macquarie St'],
    neighborhoods: [
      { name: 'Sydney CBD', city: 'Sydney', state: 'NSW', zip: '2000', lat: -33.8688, lng: 151.2093 },
      { name: 'Bondi', city: 'Bondi Beach', state: 'NSW', zip: '2026', lat: -33.8915, lng: 151.2767 },
      { name: 'Parramatta', city: 'Parramatta', state: 'NSW', zip: '2150', lat: -33.815, lng: 151.0011 },
      { name: 'North Sydney', city: 'North Sydney', state: 'NSW', zip: '2060', lat: -33.839, lng: 151.207 },
    ],
    languages: ['zh', 'ar', 'vi', 'el', 'it', 'ko'],
    schools: ['University of Sydney School of Dentistry', 'University of Melbourne Melbourne Dental School',
      'University of Queensland School of Dentistry'],
  },
];

export const FIRST_NAMES_FEMALE = [
  'Emily', 'Sarah', 'Jessica', 'Ashley', 'Jennifer', 'Amanda', 'Rachel', 'Lauren', 'Megan', 'Nicole', 'Hannah',
  'Olivia', 'Sophia', 'Isabella', 'Mia', 'Chloe', 'Grace', 'Natalie', 'Victoria', 'Allison', 'Priya', 'Anjali',
  'Mei', 'Lin', 'Ji-woo', 'Min-seo', 'Thu', 'Linh', 'Aisha', 'Fatima', 'Leila', 'Yasmin', 'María', 'Sofía',
  'Lucía', 'Valentina', 'Camila', 'Daniela', 'Gabriela', 'Ximena', 'Inés', 'Begoña', 'Mónica', 'Verónica',
  'Renée', 'Zoë', 'Anna', 'Katarzyna', 'Elena', 'Chiara', 'Naomi', 'Keisha', 'Imani', 'Aaliyah', 'Claire',
  'Hye-jin', 'Yuki', 'Ava', 'Ella', 'Rebecca',
];
export const FIRST_NAMES_MALE = [
  'Michael', 'David', 'James', 'John', 'Robert', 'Daniel', 'Matthew', 'Andrew', 'Christopher', 'Joshua', 'Ryan',
  'Benjamin', 'Nathan', 'Samuel', 'Jonathan', 'Kevin', 'Brian', 'Eric', 'Steven', 'Thomas', 'Raj', 'Arjun',
  'Vikram', 'Wei', 'Jian', 'Min-jun', 'Ji-hoon', 'Minh', 'Quang', 'Omar', 'Ahmed', 'Yusuf', 'Karim', 'José',
  'Juan', 'Luis', 'Carlos', 'Andrés', 'Alejandro', 'Javier', 'Sebastián', 'Martín', 'Ramón', 'Íñigo', 'Tomás',
  'Jesús', 'Piotr', 'Dmitri', 'Marco', 'Giovanni', 'Malik', 'Marcus', 'Jamal', 'Darnell', 'Hiroshi', 'Kenji',
  'Ethan', 'Noah', 'Liam', 'Aaron',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas',
  'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker',
  'Young', 'Allen', 'King', 'Wright', 'Scott', 'Hill', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell',
  'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris',
  'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Reed', 'Bailey', 'Bell', 'Kelly', 'Howard',
  'Ward', 'Cox', 'Richardson', 'Wood', 'Watson', 'Brooks', 'Bennett', 'Gray', 'Hughes', 'Price', 'Sanders',
  'Myers', 'Long', 'Ross', 'Foster', "O'Brien", "O'Connor", 'McCarthy', 'Sullivan', 'Fitzgerald', 'Goldberg',
  'Cohen', 'Schwartz', 'Katz', 'Friedman', 'García', 'Rodríguez', 'Martínez', 'Hernández', 'López', 'González',
  'Pérez', 'Sánchez', 'Ramírez', 'Torres', 'Flores', 'Rivera', 'Gómez', 'Díaz', 'Reyes', 'Cruz', 'Morales',
  'Ortiz', 'Gutiérrez', 'Chávez', 'Ramos', 'Ruiz', 'Álvarez', 'Jiménez', 'Mendoza', 'Castillo', 'Vásquez',
  'Romero', 'Herrera', 'Medina', 'Aguilar', 'Núñez', 'Muñoz', 'Peña', 'Ibáñez', 'Ordóñez', 'Castañeda',
  'Fernández', 'Domínguez', 'Vega', 'Nguyen', 'Tran', 'Pham', 'Le', 'Kim', 'Park', 'Choi', 'Chen', 'Wang',
  'Li', 'Zhang', 'Liu', 'Huang', 'Wu', 'Patel', 'Shah', 'Gupta', 'Singh', 'Kumar', 'Mehta', 'Khan', 'Ali',
  'Hassan', 'Haddad', 'Nasser', 'Kowalski', 'Nowak', 'Ivanov', 'Petrov', 'Rossi', 'Russo', 'Esposito',
  'Papadopoulos', 'Tanaka', 'Suzuki', 'Sato', 'Yamamoto', 'Dubois', 'Lefèvre', 'Müller', 'Schmidt', 'Okafor',
  'Mensah', 'Ogunleye', 'Washington', 'Jefferson', 'Dupont',
];

export const RESIDENCIES = [
  'General Practice Residency, Mount Sinai Hospital',
  'Advanced Education in General Dentistry, NYU Langone',
  'General Practice Residency, Cedars-Sinai Medical Center',
  'General Practice Residency, Massachusetts General Hospital',
  'General Practice Residency, Northwestern Memorial Hospital',
  'General Practice Residency, Jackson Memorial Hospital',
  'Advanced Education in General Dentistry, Emory University',
  'General Practice Residency, University of Colorado Hospital',
];

export const SPECIALTY_PROGRAMS: Record<string, string> = {
  orthodontist: 'Certificate in Orthodontics and Dentofacial Orthopedics',
  endodontist: 'Certificate in Endodontics',
  pedodontist: 'Certificate in Pediatric Dentistry',
  'oral-surgeon': 'Certificate in Oral and Maxillofacial Surgery',
  periodontist: 'Certificate in Periodontics',
  prosthodontist: 'Certificate in Prosthodontics',
  'implant-dentist': 'Fellowship in Implant Dentistry',
  'cosmetic-dentist': 'Aesthetic Dentistry Continuum',
  'dental-anesthesiologist': 'Residency in Dental Anesthesiology',
  'holistic-dentist': 'Biological Dentistry Certification',
};

export const AWARDS = [
  'Top Dentist, {city} Magazine',
  "Patients' Choice Award",
  "America's Best Dentists",
  'Fellowship, Academy of General Dentistry',
  'Compassionate Doctor Recognition',
  'Mastership, Academy of General Dentistry',
  'Community Service Award, {city} Dental Society',
  'Excellence in Patient Care Award',
];

export const HOBBIES: [string, string][] = [
  ['hiking with family', 'hacer senderismo con su familia'],
  ['cooking for friends', 'cocinar para sus amigos'],
  ['running half marathons', 'correr medias maratones'],
  ['playing the piano', 'tocar el piano'],
  ['volunteering at free dental clinics', 'colaborar como voluntario en clínicas dentales gratuitas'],
  ['travelling', 'viajar'],
  ['photography', 'la fotografía'],
  ['cycling', 'el ciclismo'],
  ['gardening', 'la jardinería'],
  ['coaching youth soccer', 'entrenar a un equipo infantil de fútbol'],
];

/** Focus phrases per specialty slug for biographies (English, Spanish). */
export const SPECIALTY_FOCUS: Record<string, [string, string]> = {
  'general-dentist': ['preventive care and long-term oral health for the whole family', 'la prevención y la salud bucal a largo plazo de toda la familia'],
  'implant-dentist': ['replacing missing teeth with natural-looking implants', 'reemplazar dientes perdidos con implantes de aspecto natural'],
  'cosmetic-dentist': ['veneers, whitening and smile makeovers', 'carillas, blanqueamientos y diseño de sonrisa'],
  'holistic-dentist': ['biocompatible materials and minimally invasive care', 'materiales biocompatibles y tratamientos mínimamente invasivos'],
  orthodontist: ['braces and clear aligners for children and adults', 'brackets y alineadores transparentes para niños y adultos'],
  endodontist: ['saving natural teeth with gentle root canal treatment', 'salvar dientes naturales con endodoncias suaves'],
  pedodontist: ["making children's visits fun and fear-free", 'que las visitas de los niños sean divertidas y sin miedo'],
  'oral-surgeon': ['wisdom teeth, extractions and jaw surgery', 'muelas del juicio, extracciones y cirugía maxilar'],
  periodontist: ['treating gum disease and gum recession', 'tratar la enfermedad y la recesión de las encías'],
  prosthodontist: ['crowns, bridges and full-mouth restorations', 'coronas, puentes y rehabilitaciones completas'],
  'dental-anesthesiologist': ['safe sedation for anxious patients and complex procedures', 'sedación segura para pacientes ansiosos y procedimientos complejos'],
};

/** Visit reasons each specialty typically offers (slugs of reference-data.ts VISIT_REASONS). */
export const REASONS_BY_SPECIALTY: Record<string, string[]> = {
  'general-dentist': ['routine-exam-adult', 'routine-exam-child', 'dental-cleaning', 'deep-cleaning', 'emergency',
    'toothache', 'filling', 'crown', 'bridge', 'broken-tooth', 'lost-filling', 'bleeding-gums', 'bad-breath',
    'tooth-sensitivity', 'dental-xray', 'fluoride-treatment', 'sealants', 'oral-cancer-screening', 'mouth-sores',
    'dry-mouth', 'second-opinion', 'night-guard', 'teeth-grinding', 'tooth-extraction', 'dentures', 'denture-repair'],
  'implant-dentist': ['dental-implants', 'implant-consultation', 'bone-graft', 'tooth-extraction', 'dentures', 'second-opinion'],
  'cosmetic-dentist': ['teeth-whitening', 'veneers', 'dental-bonding', 'cosmetic-consultation', 'gum-contouring', 'crown', 'clear-aligners'],
  'holistic-dentist': ['routine-exam-adult', 'dental-cleaning', 'filling', 'oral-cancer-screening', 'tmj', 'second-opinion'],
  orthodontist: ['braces', 'clear-aligners', 'retainer', 'orthodontic-consultation', 'tmj'],
  endodontist: ['root-canal', 'toothache', 'tooth-sensitivity', 'broken-tooth', 'swollen-face', 'emergency'],
  pedodontist: ['routine-exam-child', 'pediatric-first-visit', 'fluoride-treatment', 'sealants', 'dental-cleaning', 'filling', 'sports-mouthguard'],
  'oral-surgeon': ['wisdom-teeth', 'tooth-extraction', 'dental-implants', 'bone-graft', 'swollen-face', 'tmj', 'sedation-dentistry'],
  periodontist: ['deep-cleaning', 'gum-disease', 'bleeding-gums', 'gum-contouring', 'bone-graft', 'dental-implants'],
  prosthodontist: ['crown', 'bridge', 'dentures', 'denture-repair', 'dental-implants', 'veneers'],
  'dental-anesthesiologist': ['sedation-dentistry', 'wisdom-teeth', 'emergency'],
};

/** Services an office with providers of this specialty offers (slugs of SERVICES). */
export const SERVICES_BY_SPECIALTY: Record<string, string[]> = {
  'general-dentist': ['preventive-care', 'crowns-bridges', 'fluoride-sealants', 'oral-cancer-screening', 'emergency-dentistry', 'night-guards', 'dentures'],
  'implant-dentist': ['dental-implants', 'all-on-4', 'bone-grafting'],
  'cosmetic-dentist': ['cosmetic-dentistry', 'teeth-whitening', 'porcelain-veneers', 'smile-makeover'],
  'holistic-dentist': ['preventive-care', 'oral-cancer-screening'],
  orthodontist: ['invisalign', 'traditional-braces'],
  endodontist: ['root-canal-therapy', 'emergency-dentistry'],
  pedodontist: ['pediatric-dentistry', 'fluoride-sealants', 'sports-mouthguards'],
  'oral-surgeon': ['oral-surgery', 'wisdom-teeth-removal', 'dental-implants', 'bone-grafting'],
  periodontist: ['periodontal-therapy', 'gum-grafting', 'bone-grafting'],
  prosthodontist: ['crowns-bridges', 'dentures', 'same-day-crowns'],
  'dental-anesthesiologist': ['sedation-dentistry'],
};

export const OFFICE_NAME_PATTERNS = [
  '{hood} Family Dentistry',
  '{hood} Dental Care',
  '{last} Dental Group',
  'Smile Studio {hood}',
  'Bright Smiles of {hood}',
  '{street} Dental Arts',
  '{hood} Dental Associates',
  '{last} & {last2} Family Dental',
  'Modern Dentistry {hood}',
  '{hood} Smile Center',
] as const;

export const OFFICE_NAME_PATTERNS_ES = [
  'Clínica Dental {hood}',
  'Centro Odontológico {hood}',
  'Consultorio Dental {last}',
  'Sonrisas {hood}',
] as const;

export const SPECIALTY_OFFICE_NAMES: Record<string, string> = {
  orthodontist: '{hood} Orthodontics',
  pedodontist: '{hood} Pediatric Dentistry',
  'oral-surgeon': '{hood} Oral & Maxillofacial Surgery',
  periodontist: '{hood} Periodontics & Implants',
  endodontist: '{hood} Endodontics',
};

export const OFFICE_INTROS: [string, string][] = [
  ['{name} is a modern dental practice in {hood}, {city}, welcoming patients of all ages.',
    '{name} es una clínica dental moderna en {hood}, {city}, que atiende a pacientes de todas las edades.'],
  ['Since {year}, {name} has cared for families across {hood} and the surrounding neighborhoods.',
    'Desde {year}, {name} cuida de las familias de {hood} y de los barrios cercanos.'],
  ['{name} brings gentle, unhurried dentistry to the heart of {hood}.',
    '{name} ofrece una odontología cuidadosa y sin prisas en el corazón de {hood}.'],
];
export const OFFICE_MIDDLES: [string, string][] = [
  ['Our team combines the latest technology with a calm, friendly atmosphere.',
    'Nuestro equipo combina la tecnología más reciente con un ambiente tranquilo y cercano.'],
  ['We explain every option clearly and never rush a decision about your care.',
    'Explicamos cada opción con claridad y nunca apresuramos una decisión sobre su tratamiento.'],
  ['We work with most major insurance plans and offer flexible payment options.',
    'Trabajamos con la mayoría de los seguros y ofrecemos opciones de pago flexibles.'],
  ['Anxious about the dentist? Ask about our comfort menu and sedation options.',
    '¿Le pone nervioso ir al dentista? Pregunte por nuestras opciones de comodidad y sedación.'],
];
export const OFFICE_CLOSINGS: [string, string][] = [
  ['Same-week appointments are usually available, and emergencies are seen the same day when possible.',
    'Normalmente hay citas disponibles en la misma semana, y las urgencias se atienden el mismo día siempre que es posible.'],
  ['Book online in minutes, in person or by video.',
    'Reserve en línea en pocos minutos, en persona o por videollamada.'],
  ['We look forward to meeting you and your family.',
    'Esperamos conocerle a usted y a su familia.'],
];

export const REVIEW_TEXTS: Record<number, [string, string][]> = {
  5: [
    ['Dr. {last} was wonderful. Explained everything and the cleaning was painless.', '{drEs} {last} hizo un trabajo maravilloso. Me explicó todo y la limpieza no dolió nada.'],
    ['Best dental experience I have had. On time, friendly staff, spotless office.', 'La mejor experiencia dental que he tenido. Puntuales, personal amable y consultorio impecable.'],
    ['I was terrified of dentists and Dr. {last} made me feel completely at ease.', 'Me daban pánico los dentistas y {drEsLower} {last} me hizo sentir totalmente tranquilo.'],
    ['Quick appointment, great results. My kids actually like coming here.', 'Cita rápida y excelentes resultados. A mis hijos incluso les gusta venir.'],
  ],
  4: [
    ['Very thorough exam and a clear treatment plan. Waited about 15 minutes.', 'Revisión muy completa y un plan de tratamiento claro. Esperé unos 15 minutos.'],
    ['Good care and fair prices. Parking was a little hard to find.', 'Buena atención y precios justos. Fue un poco difícil encontrar estacionamiento.'],
    ['Friendly team. The video visit saved me a trip and answered my questions.', 'Equipo amable. La videoconsulta me ahorró el viaje y resolvió mis dudas.'],
  ],
  3: [
    ['The dentist was fine but the front desk mixed up my insurance.', 'El dentista estuvo bien, pero en recepción se equivocaron con mi seguro.'],
    ['Decent visit. Had to wait 40 minutes past my appointment time.', 'Visita correcta. Tuve que esperar 40 minutos después de la hora de mi cita.'],
  ],
  2: [
    ['Felt rushed and the bill was higher than quoted.', 'Me sentí apurado y la factura fue mayor de lo presupuestado.'],
  ],
  1: [
    ['Appointment was canceled twice with no notice.', 'Me cancelaron la cita dos veces sin aviso.'],
  ],
};

export const OFFICE_RESPONSES: Record<'positive' | 'negative', [string, string][]> = {
  positive: [
    ['Thank you so much for your kind words! We look forward to seeing you at your next visit.', '¡Muchas gracias por sus amables palabras! Le esperamos en su próxima visita.'],
    ['We are thrilled you had a great experience. Thank you for trusting our team!', 'Nos alegra mucho que haya tenido una gran experiencia. ¡Gracias por confiar en nuestro equipo!'],
  ],
  negative: [
    ['We are sorry about your experience. Please call our office manager so we can make this right.', 'Lamentamos su experiencia. Por favor llame a nuestra gerente para que podamos solucionarlo.'],
    ['Thank you for the feedback. We have shared it with our team and improved our scheduling.', 'Gracias por sus comentarios. Los hemos compartido con el equipo y hemos mejorado nuestra agenda.'],
  ],
};

/** Weekly opening patterns (weekday 0 = Sunday). */
export const HOURS_PATTERNS: { weekday: number; opens: string; closes: string }[][] = [
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '17:00' })),
  [...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '18:00' })), { weekday: 6, opens: '09:00', closes: '13:00' }],
  [2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '16:00' })),
  [...[1, 2, 3, 4].map((weekday) => ({ weekday, opens: '07:00', closes: '19:00' })), { weekday: 5, opens: '07:00', closes: '14:00' }],
  [...[1, 3, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '17:00' })), ...[2, 4].map((weekday) => ({ weekday, opens: '10:00', closes: '19:00' }))],
  [...[0, 6].map((weekday) => ({ weekday, opens: '09:00', closes: '15:00' })), ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }))],
];

export const REVIEWER_FIRST = ['Alex', 'Jamie', 'Taylor', 'Jordan', 'Chris', 'Pat', 'Sam', 'Morgan', 'Dana', 'Robin',
  'Lucía', 'José', 'Ana', 'Miguel', 'Wei', 'Priya', 'Omar', 'Hannah', 'Kevin', 'Grace'];

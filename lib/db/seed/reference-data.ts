export { COUNTRIES } from '../../contracts/countries';

export const SPECIALTIES = [
  ['general-dentist', 'General Dentist', 'Dentista general'],
  ['implant-dentist', 'Implant Dentist', 'Implantólogo'],
  ['cosmetic-dentist', 'Cosmetic Dentist', 'Dentista estético'],
  ['holistic-dentist', 'Holistic Dentist', 'Dentista holístico'],
  ['orthodontist', 'Orthodontist', 'Ortodoncista'],
  ['endodontist', 'Endodontist', 'Endodoncista'],
  ['pedodontist', 'Pedodontist', 'Odontopediatra'],
  ['oral-surgeon', 'Oral Surgeon', 'Cirujano oral'],
  ['periodontist', 'Periodontist', 'Periodoncista'],
  ['prosthodontist', 'Prosthodontist', 'Prostodoncista'],
  ['dental-anesthesiologist', 'Dental Anesthesiologist', 'Anestesiólogo dental'],
] as const;

export const VISIT_REASONS = [
  ['routine-exam-adult', 'Routine exam (adult)', 'Revisión de rutina (adulto)'],
  ['routine-exam-child', 'Routine exam (child)', 'Revisión de rutina (niño)'],
  ['dental-cleaning', 'Dental cleaning', 'Limpieza dental'],
  ['deep-cleaning', 'Deep cleaning (scaling and root planing)', 'Limpieza profunda (raspado y alisado radicular)'],
  ['emergency', 'Dental emergency', 'Emergencia dental'],
  ['toothache', 'Toothache', 'Dolor de muelas'],
  ['root-canal', 'Root canal', 'Endodoncia'],
  ['tooth-extraction', 'Tooth extraction', 'Extracción dental'],
  ['wisdom-teeth', 'Wisdom teeth removal', 'Extracción de muelas del juicio'],
  ['dental-implants', 'Dental implants', 'Implantes dentales'],
  ['dentures', 'Dentures', 'Dentaduras postizas'],
  ['denture-repair', 'Denture repair or adjustment', 'Reparación o ajuste de dentadura'],
  ['teeth-whitening', 'Teeth whitening', 'Blanqueamiento dental'],
  ['veneers', 'Veneers', 'Carillas'],
  ['dental-bonding', 'Dental bonding', 'Adhesión dental'],
  ['crown', 'Dental crown', 'Corona dental'],
  ['bridge', 'Dental bridge', 'Puente dental'],
  ['filling', 'Cavity filling', 'Empaste de caries'],
  ['broken-tooth', 'Broken or chipped tooth', 'Diente roto o astillado'],
  ['lost-filling', 'Lost filling or crown', 'Empaste o corona perdidos'],
  ['bleeding-gums', 'Bleeding gums', 'Encías sangrantes'],
  ['gum-disease', 'Gum disease', 'Enfermedad de las encías'],
  ['bad-breath', 'Bad breath', 'Mal aliento'],
  ['tooth-sensitivity', 'Tooth sensitivity', 'Sensibilidad dental'],
  ['braces', 'Braces', 'Frenillos'],
  ['clear-aligners', 'Clear aligners', 'Alineadores transparentes'],
  ['retainer', 'Retainer', 'Retenedor'],
  ['orthodontic-consultation', 'Orthodontic consultation', 'Consulta de ortodoncia'],
  ['cosmetic-consultation', 'Cosmetic consultation', 'Consulta estética'],
  ['implant-consultation', 'Implant consultation', 'Consulta de implantes'],
  ['second-opinion', 'Second opinion', 'Segunda opinión'],
  ['tmj', 'Jaw pain (TMJ)', 'Dolor de mandíbula (ATM)'],
  ['teeth-grinding', 'Teeth grinding', 'Rechinar de dientes'],
  ['night-guard', 'Night guard', 'Protector nocturno'],
  ['sports-mouthguard', 'Sports mouthguard', 'Protector bucal deportivo'],
  ['dental-xray', 'Dental X-ray', 'Radiografía dental'],
  ['fluoride-treatment', 'Fluoride treatment', 'Tratamiento con flúor'],
  ['sealants', 'Dental sealants', 'Selladores dentales'],
  ['oral-cancer-screening', 'Oral cancer screening', 'Detección de cáncer oral'],
  ['mouth-sores', 'Mouth sores', 'Llagas en la boca'],
  ['swollen-face', 'Swollen face or jaw', 'Cara o mandíbula inflamada'],
  ['dry-mouth', 'Dry mouth', 'Boca seca'],
  ['sedation-dentistry', 'Sedation dentistry', 'Odontología con sedación'],
  ['gum-contouring', 'Gum contouring', 'Contorneado de encías'],
  ['bone-graft', 'Bone graft', 'Injerto óseo'],
  ['pediatric-first-visit', "Child's first dental visit", 'Primera visita dental del niño'],
] as const;

export const INSURANCE_CARRIERS = [
  'Aetna',
  'Ameritas',
  'Anthem Blue Cross Blue Shield',
  'Assurant',
  'Beam Dental',
  'Blue Cross Blue Shield',
  'CareFirst',
  'Careington',
  'Cigna',
  'Delta Dental',
  'Dentegra',
  'DentaQuest',
  'Denti-Cal',
  'Guardian',
  'Humana',
  'Liberty Dental Plan',
  'Lincoln Financial',
  'MetLife',
  'Principal Financial',
  'Renaissance Dental',
  'Spirit Dental',
  'Sun Life',
  'United Concordia',
  'UnitedHealthcare',
  'Unum',
] as const;

const PLAN_TYPES = ['PPO', 'DHMO', 'EPO', 'Indemnity', 'Discount Plan'] as const;
const PLAN_TIERS = ['Basic', 'Plus', 'Premier', 'Select'] as const;
const PLAN_AUDIENCES = ['Individual', 'Family', 'Employer Group', 'Senior', 'Child'] as const;

/** 25 carriers x 21 plans = 525 plans (the product claims "over 500 insurance plans"). */
export function plansFor(carrier: string, pick: <T>(items: readonly T[]) => T): string[] {
  const names = new Set<string>();
  while (names.size < 21) {
    names.add(`${carrier} ${pick(PLAN_TYPES)} ${pick(PLAN_TIERS)} ${pick(PLAN_AUDIENCES)}`);
  }
  return [...names].sort();
}

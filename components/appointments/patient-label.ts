import type { Appointment } from '@/lib/contracts/appointments';
import { patientName } from './format';

type Translate = (
  key: 'patientSelf' | 'patientFamily' | `relationship.${NonNullable<Appointment['patient']['relationship']>}`,
  values?: Record<string, string>,
) => string;

/** "Ana Núñez (you)" or "Leo Núñez (Child)": whose visit it is (self or a family member). */
export function patientLabel(appointment: Appointment, t: Translate): string {
  const name = patientName(appointment);
  const { kind, relationship } = appointment.patient;
  if (kind === 'self') return t('patientSelf', { name });
  return t('patientFamily', { name, relationship: t(`relationship.${relationship ?? 'other'}`) });
}

import type { Appointment } from '@/lib/contracts/appointments';

/** What the patient's own appointments are compared on: who the visit is for, and when. */
export type OwnAppointment = Pick<Appointment, 'status' | 'start' | 'end'> & {
  patient: Pick<Appointment['patient'], 'kind' | 'id'>;
};

/**
 * The patient's own appointment that a slot overlaps, for the person the visit is for (`self`
 * or a family member's id): the server refuses such a booking (`alreadyBooked`, one attendee
 * cannot be in two visits at once), so the booking page says it as soon as the slot is chosen
 * rather than on the last step. Canceled appointments free their time.
 */
export function overlappingAppointment<T extends OwnAppointment>(
  appointments: readonly T[],
  slot: { start: string; end: string } | undefined,
  patient: string,
): T | undefined {
  if (!slot) return undefined;
  const start = Date.parse(slot.start);
  const end = Date.parse(slot.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return undefined;
  return appointments.find(
    (a) =>
      a.status !== 'canceled' &&
      (patient === 'self'
        ? a.patient.kind === 'self'
        : a.patient.kind === 'familyMember' && a.patient.id === patient) &&
      Date.parse(a.start) < end &&
      start < Date.parse(a.end),
  );
}

/** A plan the provider does not list as in network (none chosen, or self-pay, is not). */
export function isOutOfNetwork(inNetworkPlanIds: ReadonlySet<number>, planId: number | undefined): boolean {
  return planId !== undefined && !inNetworkPlanIds.has(planId);
}

import type { VisitType } from '@/lib/contracts/discovery';

/** What the booking page needs of the provider (from GET /v4/providers/{id}, read on the server). */
export interface BookingOffice {
  id: number;
  name: string;
  timeZone: string;
  addressLine: string;
  suite: string | null;
  city: string;
  state: string;
  zip: string;
  acceptsNewPatients: boolean;
  teledentalAvailable: boolean;
}

export interface BookingProvider {
  id: number;
  displayName: string;
  title: string;
  photoUrl: string | null;
  specialty: string | null;
  teledentalFeeCents: number;
  offices: BookingOffice[];
}

export interface BookingPatient {
  firstName: string;
  lastName: string;
}

/**
 * What is due online (README "Payments"): teledental visits charge the provider's
 * teledental fee; in-office visits cost nothing online (the office bills on the day), so they
 * take the two-step flow.
 */
export function feeDue(
  provider: Pick<BookingProvider, 'teledentalFeeCents'>,
  visitType: VisitType | undefined,
): number {
  return visitType === 'virtual' ? provider.teledentalFeeCents : 0;
}

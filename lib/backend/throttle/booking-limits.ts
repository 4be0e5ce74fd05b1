import 'server-only';
import { serverEnv } from '../../config/server-env';
import { upcomingCountsForBooking } from '../appointments/appointment-lookups-service';
import { ApiError } from '../errors';
import { consumeLimit, rewardLimit, type LimitRule } from './rate-limit-repository';

/*
 * Booking's limits (lib/docs/decisions/payments.md "Limits"): without them one account could
 * empty a provider's week, and a card form that charges is a card-testing channel. The figures
 * come from the server's environment; the rates use the same PostgreSQL counters as the login
 * throttle, so every server process shares them.
 */

const HOUR = 60 * 60;

export function paymentRules(): { declinesAccount: LimitRule; declinesAddress: LimitRule; newCards: LimitRule } {
  const env = serverEnv();
  return {
    declinesAccount: {
      name: 'pay-decline-account',
      points: env.PAYMENT_DECLINES_PER_ACCOUNT_PER_HOUR,
      durationSeconds: HOUR,
    },
    declinesAddress: {
      name: 'pay-decline-ip',
      points: env.PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR,
      durationSeconds: HOUR,
    },
    newCards: { name: 'pay-new-card', points: env.NEW_CARDS_PER_ACCOUNT_PER_HOUR, durationSeconds: HOUR },
  };
}

function tooMany(msBeforeNext: number): ApiError {
  return new ApiError('tooManyAttempts', 'api.tooManyAttempts', {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}

/** The decline points a charge took in advance, to give back when it was not a decline. */
export interface PaymentPoints {
  /** The charge went through, or the gateway was never asked: it was not a decline. */
  notADecline(): Promise<void>;
}

/**
 * Takes the points of one card payment BEFORE the gateway is asked: a possible decline for the
 * account and for the address, and a new card when one is sent. Each consume is atomic, so
 * concurrent requests cannot all pass on one remaining point (checking first and counting after
 * the charge would let every request in flight through). A request over any budget is refused
 * with 429 and Retry-After, and its points stay taken, as the throttle's do.
 */
export async function takePaymentPoints(input: {
  userId: string;
  ip: string;
  newCard: boolean;
}): Promise<PaymentPoints> {
  const rules = paymentRules();
  const checks: [LimitRule, string][] = [
    [rules.declinesAccount, input.userId],
    [rules.declinesAddress, input.ip],
    ...(input.newCard ? ([[rules.newCards, input.userId]] as [LimitRule, string][]) : []),
  ];
  const states = await Promise.all(checks.map(([rule, key]) => consumeLimit(rule, key)));
  const waits = states.filter((s, i) => s.consumed > checks[i]![0].points).map((s) => s.msBeforeNext);
  if (waits.length) throw tooMany(Math.max(...waits));
  let given = false;
  return {
    async notADecline() {
      if (given) return;
      given = true;
      await Promise.all([
        rewardLimit(rules.declinesAccount, input.userId),
        rewardLimit(rules.declinesAddress, input.ip),
      ]);
    },
  };
}

/**
 * Refuses a booking that would give the attendee more upcoming appointments than allowed, in all
 * or with this provider. Runs inside the booking's transaction after the patient's row is
 * locked, so two concurrent bookings of one account are counted one after the other.
 * `replacing`: the appointment a rebooking cancels does not count.
 */
export async function assertUpcomingRoom(
  input: { patientUserId: string; attendeeId: string; providerId: number; replacing?: string },
  now: Date,
): Promise<void> {
  const env = serverEnv();
  const { attendee, withProvider } = await upcomingCountsForBooking(input, now);
  if (attendee >= env.UPCOMING_APPOINTMENTS_PER_PATIENT) throw new ApiError('bookingLimitReached');
  if (withProvider >= env.UPCOMING_APPOINTMENTS_PER_PROVIDER)
    throw new ApiError('bookingLimitReached', 'api.upcomingProviderLimit');
}

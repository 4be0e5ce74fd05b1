import 'server-only';
import {
  cardIdSchema,
  type OpaqueCardInput,
  type SavedCard,
  type paymentMethodSchema,
  type saveCardRequestSchema,
} from '../../contracts/cards';
import { inTransaction } from '../../db/transaction';
import { logger } from '../../logging/logger';
import { PaymentError, type ChargeSource, type SavedCardRef } from '../adapters/payments/payment-gateway';
import { paymentGateway } from '../adapters/payments/payment-adapter';
import { ApiError } from '../errors';
import {
  clearDefaultCard,
  deleteOwnCard,
  findOwnCard,
  findPaymentCustomer,
  hasDefaultCard,
  insertCard,
  listOwnCards,
  lockCardOwner,
  markDefaultCard,
  promoteNewestCard,
  upsertPaymentCustomer,
  type PaymentCardRow,
} from './cards-repository';
import { paymentApiError, withPaymentErrors } from './payment-errors';
import type { AuthenticatedSession } from '../auth/auth-service';
import type { z } from 'zod';

/*
 * Saved cards (SPEC.md sections 3 and 4 "Card payment"). Each change runs in one transaction
 * that first locks the patient (lockCardOwner), so one patient's changes queue behind each other
 * and the one-default rule holds without relying on the unique index to fail a request. The
 * gateway is called inside that transaction: a refusal rolls back everything written so far,
 * and the lock covers only this patient.
 */

function toSavedCardDto(row: PaymentCardRow): SavedCard {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    isPrimary: row.isPrimary,
    createdAt: row.createdAt.toISOString(),
  };
}

function cardRef(row: PaymentCardRow): SavedCardRef {
  return { customerProfileId: row.customerProfileId, paymentProfileId: row.paymentProfileId };
}

/** A path id of another shape can be no one's card: the same 404 as another patient's id. */
function cardId(id: string): string {
  const parsed = cardIdSchema.safeParse(id);
  if (!parsed.success) throw new ApiError('notFound');
  return parsed.data;
}

/** The patient (locked for the rest of the transaction); a session's user always exists, but a deleted account answers 404. */
async function lockOwner(userId: string): Promise<{ email: string }> {
  const owner = await lockCardOwner(userId);
  if (!owner) throw new ApiError('notFound');
  return owner;
}

/**
 * Keeps a tokenised card at the gateway and records it. The patient's first card creates their
 * customer profile there (kept in payment_customers); later cards join it. The first card, or
 * one saved with isPrimary, becomes the default in the same transaction that unsets the old one.
 * Joins the caller's transaction when there is one (booking saves the card it then charges).
 */
async function saveCardFor(
  userId: string,
  email: string | undefined,
  card: OpaqueCardInput,
  isPrimary: boolean,
): Promise<PaymentCardRow> {
  const gateway = paymentGateway();
  return inTransaction(async () => {
    const owner = await lockOwner(userId);
    const customer = await findPaymentCustomer(userId);
    // A profile kept at another gateway (the configuration changed) means nothing to this one.
    const customerProfileId = customer?.gateway === gateway.kind ? customer.customerProfileId : undefined;
    let saved: Awaited<ReturnType<typeof gateway.saveCard>>;
    try {
      saved = await gateway.saveCard({ customerId: userId, email: email ?? owner.email, customerProfileId, card });
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      // A token the gateway cannot use: "could not be saved" says more than "enter a valid number".
      if (error.failure === 'invalidCard') throw new ApiError('invalidCard', 'api.cardNotSaved');
      throw paymentApiError(error);
    }
    try {
      if (saved.customerProfileId !== customerProfileId) {
        await upsertPaymentCustomer({ userId, gateway: gateway.kind, customerProfileId: saved.customerProfileId });
      }
      const makeDefault = isPrimary || !(await hasDefaultCard(userId, gateway.kind));
      if (makeDefault) await clearDefaultCard(userId);
      return await insertCard({
        userId,
        gateway: gateway.kind,
        customerProfileId: saved.customerProfileId,
        paymentProfileId: saved.paymentProfileId,
        brand: saved.brand,
        last4: saved.last4,
        isPrimary: makeDefault,
      });
    } catch (error) {
      // Not recorded here, so not to be kept there either (best effort: the error that matters is the first).
      await gateway
        .deleteCard(saved)
        .catch((cleanup) => logger.error({ err: cleanup }, 'could not remove an unrecorded card at the gateway'));
      throw error;
    }
  });
}

// GET /v4/cards
export async function listCards(auth: AuthenticatedSession): Promise<SavedCard[]> {
  const rows = await listOwnCards(auth.userId, paymentGateway().kind);
  return rows.map(toSavedCardDto);
}

// POST /v4/cards
export async function saveCard(
  auth: AuthenticatedSession,
  body: z.output<typeof saveCardRequestSchema>,
): Promise<SavedCard> {
  return toSavedCardDto(await saveCardFor(auth.userId, undefined, body.opaqueData, body.isPrimary));
}

// PUT /v4/cards/{id}/default
export async function setDefaultCard(auth: AuthenticatedSession, id: string): Promise<SavedCard[]> {
  const kind = paymentGateway().kind;
  const wanted = cardId(id);
  await inTransaction(async () => {
    await lockOwner(auth.userId);
    const card = await findOwnCard(auth.userId, wanted, kind);
    if (!card) throw new ApiError('notFound');
    if (card.isPrimary) return;
    await clearDefaultCard(auth.userId);
    await markDefaultCard(auth.userId, card.id);
  });
  return listCards(auth);
}

// DELETE /v4/cards/{id}
export async function deleteCard(auth: AuthenticatedSession, id: string): Promise<void> {
  const gateway = paymentGateway();
  const wanted = cardId(id);
  await inTransaction(async () => {
    await lockOwner(auth.userId);
    const card = await findOwnCard(auth.userId, wanted, gateway.kind);
    if (!card) throw new ApiError('notFound');
    // The gateway first: if it refuses, the card stays listed and can be deleted again later.
    await withPaymentErrors(() => gateway.deleteCard(cardRef(card)));
    await deleteOwnCard(auth.userId, card.id);
    if (card.isPrimary) await promoteNewestCard(auth.userId, gateway.kind);
  });
}

/**
 * A card saved for a booking that then failed goes again (the patient saved it to pay that visit):
 * its record, then the gateway's profile. Best effort: a failure is logged, the booking's own
 * error is what the patient sees.
 */
export async function removeCardSavedForBooking(
  userId: string,
  card: { ref: SavedCardRef; id: string },
): Promise<void> {
  await deleteOwnCard(userId, card.id).catch((e: unknown) =>
    logger.error({ err: e, cardId: card.id }, 'could not remove a card saved by a failed booking'),
  );
  await paymentGateway()
    .deleteCard(card.ref)
    .catch((e: unknown) =>
      logger.error({ err: e, cardId: card.id }, 'could not remove a card saved by a failed booking at the gateway'),
    );
}

/**
 * Removes every saved card of an account at the gateway, then here (account deletion and the
 * purge). A card the gateway could not remove stays recorded, for the purge to try again;
 * answers how many are left.
 */
export async function removeAllCards(userId: string): Promise<number> {
  const gateway = paymentGateway();
  let left = 0;
  for (const card of await listOwnCards(userId, gateway.kind)) {
    try {
      await gateway.deleteCard({ customerProfileId: card.customerProfileId, paymentProfileId: card.paymentProfileId });
      await deleteOwnCard(userId, card.id);
    } catch (error) {
      left += 1;
      logger.error(
        { err: error, cardId: card.id },
        'a saved card could not be removed at the gateway; the purge tries again',
      );
    }
  }
  return left;
}

/**
 * What the booking service charges for a payment method:
 * - `savedCard`: the patient's own saved card (another patient's or an unknown id answers 404);
 * - `newCard`: the browser's token as it is;
 * - `newCard` with `saveCard`: the card is saved first and its payment profile is charged,
 *   because an Accept.js token is single use (spent by saving it).
 * Runs inside the caller's transaction when one is open, so a booking that fails later also
 * forgets the card it saved. Gateway refusals arrive as ApiErrors (payment-errors.ts).
 */
export async function chargeSourceFor(
  user: { userId: string; email: string },
  payment: z.output<typeof paymentMethodSchema>,
): Promise<{ source: ChargeSource; brand?: string; last4?: string; savedCardId?: string }> {
  if (payment.kind === 'savedCard') {
    const card = await findOwnCard(user.userId, cardId(payment.cardId), paymentGateway().kind);
    if (!card) throw new ApiError('notFound');
    return { source: { kind: 'saved', card: cardRef(card) }, brand: card.brand, last4: card.last4 };
  }
  if (!payment.saveCard) return { source: { kind: 'token', card: payment.opaqueData } };
  const card = await saveCardFor(user.userId, user.email, payment.opaqueData, payment.isPrimary);
  return { source: { kind: 'saved', card: cardRef(card) }, brand: card.brand, last4: card.last4, savedCardId: card.id };
}

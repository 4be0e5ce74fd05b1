import { z } from 'zod';
import './zod-config';

/**
 * Saved cards and card payments (SPEC.md sections 3 "Credit card form" and 4 "Card payment").
 * The browser tokenises the card (Accept.js, or the sandbox's stand-in with its shape): the
 * server only ever receives Accept.js's opaque data, never a number, expiry or CVV.
 */

/** Accept.js's opaqueData, as the browser received it. */
export const opaqueCardSchema = z
  .strictObject({
    dataDescriptor: z.string().min(1, 'validation.invalid').max(100, 'validation.invalid'),
    dataValue: z.string().min(1, 'validation.invalid').max(4000, 'validation.invalid'),
  })
  .meta({
    description:
      "Accept.js's opaqueData (or the sandbox tokeniser's, of the same shape), single use: data the gateway did not issue, or issued and already used, is refused with invalidCard.",
  });
export type OpaqueCardInput = z.infer<typeof opaqueCardSchema>;

export const cardIdSchema = z.uuid();
export const cardIdPathSchema = z.strictObject({ id: cardIdSchema });

// POST /v4/cards - keep a card for later (Authorize.Net Customer Information Manager)
export const saveCardRequestSchema = z.strictObject({
  opaqueData: opaqueCardSchema,
  /** "Make this my default card" (SPEC.md: isPrimary, default false). */
  isPrimary: z.boolean().default(false),
});
export type SaveCardRequest = z.input<typeof saveCardRequestSchema>;

/** A saved card as shown: card type, last four digits, default flag (SPEC.md section 3). */
export const savedCardSchema = z.object({
  id: cardIdSchema,
  /** card-validator's type: visa, mastercard, american-express, discover, ... */
  brand: z.string(),
  last4: z.string(),
  isPrimary: z.boolean(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

// GET /v4/cards - default card first
export const savedCardListSchema = z.array(savedCardSchema);

/**
 * How a fee is paid: a card tokenised now (optionally kept, optionally made the default), or a
 * saved card of the patient's.
 */
export const paymentMethodSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('newCard'),
      opaqueData: opaqueCardSchema,
      saveCard: z.boolean().default(false),
      isPrimary: z.boolean().default(false),
    }),
    z.strictObject({ kind: z.literal('savedCard'), cardId: cardIdSchema }),
  ],
  { error: 'validation.paymentMethodRequired' },
);
export type PaymentMethod = z.input<typeof paymentMethodSchema>;

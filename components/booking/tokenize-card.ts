import type { OpaqueCardInput } from '@/lib/contracts/cards';
import type { PaymentClientConfig } from '@/lib/contracts/payment-config';
import { tokenizeCard as tokenize, type AcceptCardData, type CardError } from '@/lib/api-client/card-tokenizer';

/**
 * Turns the card typed into opaque data in the browser (Accept.js, or the sandbox's stand-in,
 * as the server is configured); only that reaches our server.
 */
export async function tokenizeCard(card: AcceptCardData, config: PaymentClientConfig): Promise<OpaqueCardInput> {
  const result = await tokenize(card, config);
  if (!result.ok) throw new CardTokenError(result.errors);
  return result.opaqueData;
}

/** The tokeniser refused the card (a field to fix) or could not run ('unavailable'); nothing was sent. */
export class CardTokenError extends Error {
  constructor(readonly errors: CardError[]) {
    super(`Card not tokenised: ${errors.join(', ')}`);
  }
}

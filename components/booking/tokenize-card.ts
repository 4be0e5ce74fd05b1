import type { OpaqueCardInput } from '@/lib/contracts/cards';
import { sandboxAccept, type AcceptCardData, type AcceptResponse } from '@/lib/api-client/sandbox-accept';

/**
 * Turns the card typed into opaque data in the browser; only that reaches our server (issue 12).
 * The one place the booking page meets the tokeniser: when lib/api-client/card-tokenizer.ts
 * (Accept.js or the sandbox, by configuration) lands, this calls it instead.
 */
export function tokenizeCard(card: AcceptCardData): Promise<OpaqueCardInput> {
  return new Promise((resolve, reject) => {
    sandboxAccept.dispatchData({ cardData: card }, (response: AcceptResponse) => {
      if (response.messages.resultCode === 'Ok' && response.opaqueData) resolve(response.opaqueData);
      else reject(new CardTokenError(response.messages.message.map((m) => m.code)));
    });
  });
}

/** The tokeniser refused the card before anything was sent (Accept.js's E_WC_* codes). */
export class CardTokenError extends Error {
  constructor(readonly codes: string[]) {
    super(`Card refused by the tokeniser: ${codes.join(', ')}`);
  }
}

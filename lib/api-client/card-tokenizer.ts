import valid from 'card-validator';
import { sandboxAccept, type AcceptCardData, type AcceptResponse } from './sandbox-accept';
import type { PaymentClientConfig } from '../contracts/payment-config';

/*
 * Turns the card typed into the booking form into opaque data for our server, in the browser
 * (lib/docs/decisions/payments.md): Authorize.Net's Accept.js when the server is configured for it,
 * else the sandbox's stand-in with the same shape (lib/api-client/sandbox-accept.ts). The number,
 * expiry and CVV go to Accept.js (or nowhere, for the sandbox), never to our server; what the form
 * sends on is the opaque data plus the brand and last four digits to show.
 */

export type { AcceptCardData } from './sandbox-accept';

/** Which field to mark, or 'unavailable' when tokenising failed for another reason (retry later). */
export type CardError = 'number' | 'expiry' | 'cvv' | 'unavailable';

export type TokenizeResult =
  | { ok: true; opaqueData: { dataDescriptor: string; dataValue: string }; brand: string; last4: string }
  | { ok: false; errors: CardError[] };

interface AcceptLibrary {
  dispatchData(
    secureData: { authData?: { clientKey: string; apiLoginID: string }; cardData: AcceptCardData },
    callback: (response: AcceptResponse) => void,
  ): void;
}

/** How long Accept.js may take to load, and then to answer, before the form says "try again". */
const LOAD_TIMEOUT_MS = 15_000;
const DISPATCH_TIMEOUT_MS = 30_000;

/**
 * Accept.js's error codes (Accept.js guide, "Appendix: Error Codes") for the card's own fields:
 * E_WC_05 and E_WC_20 the number, E_WC_06 month, E_WC_07 year, E_WC_08 a past expiry, E_WC_15 the
 * CVV. The rest (E_WC_01-04 loading and HTTPS, E_WC_10/18/21 our credentials, E_WC_14/19
 * processing) are not the patient's to fix.
 */
const FIELD_OF_CODE: Record<string, CardError> = {
  E_WC_05: 'number',
  E_WC_20: 'number',
  E_WC_06: 'expiry',
  E_WC_07: 'expiry',
  E_WC_08: 'expiry',
  E_WC_15: 'cvv',
};

const loading = new Map<string, Promise<AcceptLibrary>>();

function acceptOnWindow(): AcceptLibrary | undefined {
  return (window as unknown as { Accept?: AcceptLibrary }).Accept;
}

/** Loads Accept.js once per URL; a failed load is forgotten so the next attempt tries again. */
function loadAccept(scriptUrl: string): Promise<AcceptLibrary> {
  const ready = acceptOnWindow();
  if (ready) return Promise.resolve(ready);
  let promise = loading.get(scriptUrl);
  if (!promise) {
    promise = new Promise<AcceptLibrary>((resolve, reject) => {
      const script = document.createElement('script');
      const timer = setTimeout(() => reject(new Error('Accept.js did not load in time')), LOAD_TIMEOUT_MS);
      script.onload = () => {
        clearTimeout(timer);
        const accept = acceptOnWindow();
        if (accept) resolve(accept);
        else reject(new Error('Accept.js loaded without window.Accept'));
      };
      script.onerror = () => {
        clearTimeout(timer);
        reject(new Error('Accept.js could not be loaded'));
      };
      script.src = scriptUrl;
      script.async = true;
      // Accept.js's guide asks for charset utf-8 on its script tag.
      script.charset = 'utf-8';
      document.head.appendChild(script);
    });
    promise.catch(() => loading.delete(scriptUrl));
    loading.set(scriptUrl, promise);
  }
  return promise;
}

function dispatch(
  accept: AcceptLibrary,
  secureData: Parameters<AcceptLibrary['dispatchData']>[0],
): Promise<AcceptResponse> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Accept.js did not answer in time')), DISPATCH_TIMEOUT_MS);
    try {
      accept.dispatchData(secureData, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
    } catch (error) {
      clearTimeout(timer);
      reject(error);
    }
  });
}

export async function tokenizeCard(card: AcceptCardData, config: PaymentClientConfig): Promise<TokenizeResult> {
  let response: AcceptResponse;
  try {
    if (config.kind === 'sandbox') {
      response = await dispatch(sandboxAccept, { cardData: card });
    } else {
      const accept = await loadAccept(config.scriptUrl);
      response = await dispatch(accept, {
        authData: { clientKey: config.clientKey, apiLoginID: config.apiLoginId },
        cardData: card,
      });
    }
  } catch {
    return { ok: false, errors: ['unavailable'] };
  }
  if (response.messages.resultCode === 'Ok' && response.opaqueData) {
    // Accept.js answers the token only; the brand and last four digits to show come from the number here.
    const digits = card.cardNumber.replace(/\D/g, '');
    return {
      ok: true,
      opaqueData: { dataDescriptor: response.opaqueData.dataDescriptor, dataValue: response.opaqueData.dataValue },
      brand: valid.number(digits).card?.type ?? 'card',
      last4: digits.slice(-4),
    };
  }
  const errors = new Set<CardError>(response.messages.message.map((m) => FIELD_OF_CODE[m.code] ?? 'unavailable'));
  if (errors.size === 0) errors.add('unavailable');
  return { ok: false, errors: [...errors] };
}

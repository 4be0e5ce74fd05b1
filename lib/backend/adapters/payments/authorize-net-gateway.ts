import 'server-only';
import crypto from 'node:crypto';
import { z } from 'zod';
import { logger } from '../../../logging/logger';
import {
  PaymentError,
  type CardSummary,
  type OpaqueCard,
  type PaymentFailure,
  type PaymentGateway,
  type SavedCardRef,
} from './payment-gateway';

/*
 * Authorize.Net behind the PaymentGateway interface (lib/docs/decisions/payments.md), on its JSON
 * API: one POST endpoint, the request named by its single top-level key (API reference,
 * "API Endpoints & Authentication"). The browser tokenises the card with Accept.js, so what comes
 * here is opaque data or a Customer Information Manager profile: no card number, expiry or CVV.
 *
 * Codes used below, from Authorize.Net's response code reference
 * (https://developer.authorize.net/api/reference/responseCodes.html):
 *   transactionResponse.responseCode: 1 approved, 2 declined, 3 error, 4 held for review.
 *   Reason codes (transactionResponse.errors[].errorCode):
 *     11 "A duplicate transaction has been submitted." (same card, amount and invoice number
 *        within the duplicate window, 2 minutes by default)
 *     6, 37 invalid card number; 7 invalid expiry; 8 card expired; 78 invalid card code;
 *     17, 28 card type not accepted by the merchant
 *     16 "The transaction cannot be found."
 *     19-23, 25, 26, 57-63, 120-122, 180, 181, 261 "An error occurred during processing. Please try again"
 *     50 awaiting settlement; 51, 55 credits would exceed the original amount;
 *     54 "The referenced transaction does not meet the criteria for issuing a credit." (not settled yet)
 *     250 blocked IP address; 251 declined by a Fraud Detection Suite filter (the velocity
 *        filters among them); 252, 253 accepted but held for review by a filter; 254 declined after review
 *   API messages (messages.message[].code):
 *     E00001 "An error occurred during processing. Please try again."; E00053 "Server too busy";
 *     E00104 server in maintenance; E00007/E00008 authentication failed (our configuration);
 *     E00114 "Invalid OTS Token." and E00117 token service field error (expired or reused Accept.js data);
 *     E00039 duplicate record (a customer profile for this customer exists already);
 *     E00040 "The record cannot be found."; E00027 "The transaction was unsuccessful."
 */

/** Accept.js's descriptor for card data it tokenised (Accept.js guide, "Using the Payment Nonce"). */
const ACCEPT_DATA_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';

/** Fraud Detection Suite filters named "... Velocity Filter" (hourly, daily, transaction IP) mean "too many, wait". */
const VELOCITY_FILTER = /velocity/i;

const DEFAULT_TIMEOUT_MS = 30_000;

export interface AuthorizeNetOptions {
  apiLoginId: string;
  transactionKey: string;
  /** https://apitest.authorize.net/xml/v1/request.api (sandbox) or https://api.authorize.net/xml/v1/request.api. */
  endpoint: string;
  /** Per call; a charge that times out has an unknown outcome (lib/docs/decisions/payments.md). */
  timeoutMs?: number;
}

/** A single object or an array of them, as the XML-to-JSON translation answers either. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]), z.array(item));

const messagesSchema = z.object({
  resultCode: z.string(),
  message: listOf(z.object({ code: z.string(), text: z.string().default('') })),
});

const transactionResponseSchema = z.object({
  responseCode: z.string(),
  transId: z.string().optional(),
  accountNumber: z.string().optional(),
  accountType: z.string().optional(),
  errors: listOf(z.object({ errorCode: z.string(), errorText: z.string().default('') })).optional(),
});

const baseSchema = z.object({ messages: messagesSchema }).loose();

type Base = z.infer<typeof baseSchema>;
type TransactionResponse = z.infer<typeof transactionResponseSchema>;

/** The fields of a validationDirectResponse (comma-separated, AIM order): response code first, reason code third. */
function directResponseOutcome(direct: string | undefined): { responseCode: string; reasonCode: string } | undefined {
  if (!direct) return undefined;
  const fields = direct.split(',');
  return fields.length > 2 ? { responseCode: fields[0]!, reasonCode: fields[2]! } : undefined;
}

/** Reason codes that mean the card data itself is wrong or not accepted here. */
const INVALID_CARD = new Set(['6', '7', '8', '17', '28', '37', '78', '315', '316', '317']);
/** Reason codes that ask to try again later: the gateway or processor had a problem, not the card. */
const TRY_AGAIN = new Set([
  '19',
  '20',
  '21',
  '22',
  '23',
  '25',
  '26',
  '57',
  '58',
  '59',
  '60',
  '61',
  '62',
  '63',
  '120',
  '121',
  '122',
  '180',
  '181',
  '261',
]);
/** Reason codes of a refused credit (refund). */
const REFUND_REFUSED = new Set(['16', '50', '51', '54', '55']);

function failureOfReason(responseCode: string, reasonCode: string | undefined): PaymentFailure {
  if (reasonCode === '11') return 'duplicate';
  if (reasonCode === '250' || reasonCode === '254') return 'suspicious';
  if (responseCode === '4' || reasonCode === '252' || reasonCode === '253') return 'suspicious';
  if (reasonCode && INVALID_CARD.has(reasonCode)) return 'invalidCard';
  if (reasonCode && TRY_AGAIN.has(reasonCode)) return 'unavailable';
  if (responseCode === '2') return 'declined';
  return 'unavailable';
}

function failureOfMessage(code: string | undefined): PaymentFailure {
  if (code === 'E00114' || code === 'E00117' || code === 'E00040') return 'invalidCard';
  return 'unavailable';
}

function dollars(amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new PaymentError('invalidCard', 'amount');
  return (amountCents / 100).toFixed(2);
}

/**
 * Authorize.Net's invoice number and merchant customer id hold 20 characters. A longer value is
 * replaced by the first 20 hex digits of its SHA-256: the same input always gives the same short
 * form, so a retried charge carries the same invoice number and is refused as a duplicate.
 */
export function shortId(value: string): string {
  return value.length <= 20 && /^[\w.-]+$/.test(value)
    ? value
    : crypto.createHash('sha256').update(value).digest('hex').slice(0, 20);
}

/** 'MasterCard', 'AmericanExpress' -> the brand names the sandbox and the card form use (card-validator's). */
export function brandOf(accountType: string | undefined): string {
  const plain = (accountType ?? '').toLowerCase().replace(/[^a-z]/g, '');
  const known: Record<string, string> = {
    americanexpress: 'american-express',
    amex: 'american-express',
    dinersclub: 'diners-club',
  };
  return known[plain] ?? (plain || 'card');
}

/**
 * 'XXXX1111' -> '1111'. Authorize.Net masks every card transaction's number this way; should an
 * answer lack it, an approved charge is still reported (the money moved) with '0000', and its
 * refund then falls to support, as one the gateway refuses.
 */
function last4Of(accountNumber: string | undefined): string {
  const digits = (accountNumber ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : '0000';
}

function opaqueData(card: OpaqueCard): { dataDescriptor: string; dataValue: string } {
  // Only Accept.js's own tokens: a sandbox token (after a switch of gateways) is refused here
  // rather than sent over. The size cap keeps a hostile body from being forwarded.
  if (card.dataDescriptor !== ACCEPT_DATA_DESCRIPTOR || !card.dataValue || card.dataValue.length > 8192) {
    throw new PaymentError('invalidCard', 'not Accept.js data');
  }
  return { dataDescriptor: card.dataDescriptor, dataValue: card.dataValue };
}

/**
 * Authorize.Net's JSON answers start with a UTF-8 byte order mark, which JSON.parse refuses.
 * fetch's text() drops one leading BOM already (WHATWG "UTF-8 decode"); stripping it here too
 * keeps the parse right however the body was read.
 */
export function parseAnswer(text: string): unknown {
  return JSON.parse(text.replace(/^\uFEFF+/, ''));
}

export function createAuthorizeNetGateway(options: AuthorizeNetOptions): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /**
   * One API call. Key order matters: the JSON is translated to XML and checked against the
   * schema's element order (API reference, "A Note Regarding JSON Support"), so bodies are built
   * in that order. Network failures, timeouts, non-2xx answers and unreadable bodies are
   * `unavailable`; the answer's own result is left to the caller.
   */
  async function call(request: string, body: Record<string, unknown>): Promise<Base & Record<string, unknown>> {
    const payload = {
      [request]: {
        merchantAuthentication: { name: options.apiLoginId, transactionKey: options.transactionKey },
        ...body,
      },
    };
    let text: string;
    try {
      const response = await fetch(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
        cache: 'no-store',
      });
      if (!response.ok) throw new PaymentError('unavailable', `${request}: HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      if (error instanceof PaymentError) throw error;
      const name = (error as Error).name;
      throw new PaymentError(
        'unavailable',
        `${request}: ${name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : 'network error'}`,
      );
    }
    let json: unknown;
    try {
      json = parseAnswer(text);
    } catch {
      throw new PaymentError('unavailable', `${request}: unreadable answer`);
    }
    const parsed = baseSchema.safeParse(json);
    if (!parsed.success) throw new PaymentError('unavailable', `${request}: unexpected answer`);
    return parsed.data as Base & Record<string, unknown>;
  }

  function firstMessage(answer: Base): { code?: string; text?: string } {
    return answer.messages.message[0] ?? {};
  }

  /** Refuses a non-Ok answer with the failure its first message code stands for. */
  function requireOk(request: string, answer: Base): void {
    if (answer.messages.resultCode === 'Ok') return;
    const { code, text } = firstMessage(answer);
    const failure = failureOfMessage(code);
    if (failure === 'unavailable') report(request, code, text);
    throw new PaymentError(failure, `${request}: ${code ?? 'no code'} ${text ?? ''}`.trim());
  }

  /** For whoever runs the server: codes and Authorize.Net's own texts only, never a request body. */
  function report(request: string, code: string | undefined, text: string | undefined): void {
    logger.error({ request, code: code ?? 'no code', text: text ?? '' }, 'Authorize.Net answered with an error');
  }

  /**
   * A createTransactionRequest and its transactionResponse. Without one (a bad token, a gateway
   * error before any transaction) the answer's message code decides the failure.
   */
  async function createTransaction(transactionRequest: Record<string, unknown>): Promise<TransactionResponse> {
    const request = `${transactionRequest.transactionType as string}`;
    const answer = await call('createTransactionRequest', { transactionRequest });
    const parsed = transactionResponseSchema.safeParse(answer.transactionResponse);
    if (parsed.success) return parsed.data;
    requireOk(request, answer);
    throw new PaymentError('unavailable', `${request}: no transactionResponse`);
  }

  /** The transaction's details (Transaction Details API), or undefined when they cannot be had. */
  async function transactionDetails(
    transId: string,
  ): Promise<{ status?: string; authAmountCents?: number; filters: string[] } | undefined> {
    try {
      const answer = await call('getTransactionDetailsRequest', { transId });
      if (answer.messages.resultCode !== 'Ok') return undefined;
      const transaction = z
        .object({
          transactionStatus: z.string().optional(),
          authAmount: z.coerce.number().optional(),
          FDSFilters: z
            .preprocess(
              (v) =>
                v && typeof v === 'object' && !Array.isArray(v) && 'FDSFilter' in v
                  ? (v as { FDSFilter: unknown }).FDSFilter
                  : v,
              listOf(z.object({ name: z.string() })),
            )
            .optional(),
        })
        .safeParse(answer.transaction);
      if (!transaction.success) return undefined;
      const { transactionStatus, authAmount, FDSFilters } = transaction.data;
      return {
        status: transactionStatus,
        authAmountCents: authAmount === undefined ? undefined : Math.round(authAmount * 100),
        filters: (FDSFilters ?? []).map((f) => f.name),
      };
    } catch {
      return undefined;
    }
  }

  /**
   * A charge the gateway did not approve. Held for review (4) was authorised and would be captured
   * if someone approved it later, for a booking that does not exist: it is declined at once. A
   * Fraud Detection Suite decline (251) is told apart by its filters: a velocity filter is a
   * cooldown (try later), any other filter is suspicious.
   */
  async function refuseCharge(transaction: TransactionResponse): Promise<never> {
    const reason = transaction.errors?.[0]?.errorCode;
    let failure = failureOfReason(transaction.responseCode, reason);
    if (transaction.responseCode === '4' && transaction.transId) {
      await call('updateHeldTransactionRequest', {
        heldTransactionRequest: { action: 'decline', refTransId: transaction.transId },
      }).catch(() => {
        report('updateHeldTransactionRequest', undefined, `could not decline held transaction ${transaction.transId}`);
      });
    }
    if (reason === '251') {
      const details =
        transaction.transId && transaction.transId !== '0' ? await transactionDetails(transaction.transId) : undefined;
      failure = details?.filters.some((name) => VELOCITY_FILTER.test(name)) ? 'cooldown' : 'suspicious';
    }
    if (failure === 'unavailable') report('createTransactionRequest', reason, transaction.errors?.[0]?.errorText);
    throw new PaymentError(failure, `responseCode ${transaction.responseCode}, reason ${reason ?? 'none'}`);
  }

  async function voidTransaction(transactionId: string): Promise<string> {
    const transaction = await createTransaction({ transactionType: 'voidTransaction', refTransId: transactionId });
    if (transaction.responseCode === '1') return transaction.transId || transactionId;
    const reason = transaction.errors?.[0]?.errorCode;
    if (reason && TRY_AGAIN.has(reason)) throw new PaymentError('unavailable', `void: reason ${reason}`);
    throw new PaymentError('refundNotPossible', `not voidable: reason ${reason ?? 'none'}`);
  }

  async function paymentProfileSummary(profileId: string, paymentProfileId: string): Promise<CardSummary> {
    const answer = await call('getCustomerPaymentProfileRequest', {
      customerProfileId: profileId,
      customerPaymentProfileId: paymentProfileId,
    });
    requireOk('getCustomerPaymentProfileRequest', answer);
    const card = z
      .object({
        payment: z.object({ creditCard: z.object({ cardNumber: z.string(), cardType: z.string().optional() }) }),
      })
      .safeParse(answer.paymentProfile);
    if (!card.success) throw new PaymentError('unavailable', 'getCustomerPaymentProfileRequest: no card in the answer');
    return {
      brand: brandOf(card.data.payment.creditCard.cardType),
      last4: last4Of(card.data.payment.creditCard.cardNumber),
    };
  }

  /** A failed profile or payment-profile creation: a declined validation, a bad token, or the gateway. */
  function refuseSavedCard(request: string, answer: Base): never {
    const direct = directResponseOutcome(
      (answer as { validationDirectResponse?: string }).validationDirectResponse ??
        (answer as { validationDirectResponseList?: string[] }).validationDirectResponseList?.[0],
    );
    if (direct && direct.responseCode !== '1') {
      throw new PaymentError(
        failureOfReason(direct.responseCode, direct.reasonCode),
        `${request}: validation reason ${direct.reasonCode}`,
      );
    }
    requireOk(request, answer);
    throw new PaymentError('unavailable', `${request}: no id in the answer`);
  }

  const listedTransactionSchema = z.object({
    transId: z.string(),
    transactionStatus: z.string(),
    invoiceNumber: z.string().optional(),
    settleAmount: z.coerce.number().optional(),
    accountType: z.string().optional(),
    accountNumber: z.string().optional(),
  });
  type ListedTransaction = z.infer<typeof listedTransactionSchema>;

  /** One page of a transaction list request (1000 is the API's page limit), newest first. */
  async function listTransactions(request: string, body: Record<string, unknown>): Promise<ListedTransaction[]> {
    const answer = await call(request, {
      ...body,
      sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
      paging: { limit: 1000, offset: 1 },
    });
    // E00104-like failures throw; "no records" (I00004) is an Ok with no list.
    requireOk(request, answer);
    const list = listOf(listedTransactionSchema).safeParse((answer as { transactions?: unknown }).transactions);
    if (!list.success) throw new PaymentError('unavailable', `${request}: unexpected list`);
    return list.data;
  }

  /**
   * Authorize.Net has no lookup by invoice number: the charge is looked for among the unsettled
   * transactions (where a charge made minutes ago is), then in the batches settled since
   * `since` (Transaction Reporting API). Statuses: capturedPendingSettlement and
   * settledSuccessfully are money taken; voided, refundSettledSuccessfully and friends are not;
   * declined, expired and failed reviews never were.
   */
  async function findListed(invoiceNumber: string, since: Date): Promise<ListedTransaction | undefined> {
    const unsettled = await listTransactions('getUnsettledTransactionListRequest', {});
    const hit = unsettled.find((t) => t.invoiceNumber === invoiceNumber);
    if (hit) return hit;
    const batches = await call('getSettledBatchListRequest', {
      includeStatistics: false,
      firstSettlementDate: since.toISOString().slice(0, 19),
      lastSettlementDate: new Date().toISOString().slice(0, 19),
    });
    requireOk('getSettledBatchListRequest', batches);
    const ids = listOf(z.object({ batchId: z.string() })).safeParse((batches as { batchList?: unknown }).batchList);
    for (const { batchId } of ids.success ? ids.data : []) {
      const found = (await listTransactions('getTransactionListRequest', { batchId })).find(
        (t) => t.invoiceNumber === invoiceNumber,
      );
      if (found) return found;
    }
    return undefined;
  }

  return {
    kind: 'authorize-net',

    async findCharge(reference, since) {
      const listed = await findListed(shortId(reference), since);
      if (!listed) return undefined;
      const taken = ['authorizedPendingCapture', 'capturedPendingSettlement', 'settledSuccessfully'];
      const status = taken.includes(listed.transactionStatus)
        ? 'captured'
        : listed.transactionStatus === 'voided'
          ? 'voided'
          : undefined;
      if (!status) return undefined;
      return {
        transactionId: listed.transId,
        status,
        amountCents: Math.round((listed.settleAmount ?? 0) * 100),
        brand: brandOf(listed.accountType),
        last4: last4Of(listed.accountNumber),
      };
    },

    async charge({ amountCents, source, reference, description, customerId }) {
      const amount = dollars(amountCents);
      const transaction = await createTransaction({
        transactionType: 'authCaptureTransaction',
        amount,
        ...(source.kind === 'token'
          ? { payment: { opaqueData: opaqueData(source.card) } }
          : {
              profile: {
                customerProfileId: source.card.customerProfileId,
                paymentProfile: { paymentProfileId: source.card.paymentProfileId },
              },
            }),
        // The reference as invoice number: within the duplicate window (2 minutes by default)
        // Authorize.Net refuses the same card, amount and invoice number again with reason 11.
        order: { invoiceNumber: shortId(reference), description: description.slice(0, 255) },
        // A profile charge takes its customer from the profile.
        ...(source.kind === 'token' ? { customer: { id: shortId(customerId) } } : {}),
      });
      if (transaction.responseCode === '1' && transaction.transId && transaction.transId !== '0') {
        return {
          transactionId: transaction.transId,
          brand: brandOf(transaction.accountType),
          last4: last4Of(transaction.accountNumber),
        };
      }
      return refuseCharge(transaction);
    },

    async voidCharge(transactionId) {
      await voidTransaction(transactionId);
    },

    async refund({ transactionId, amountCents, last4 }) {
      const amount = dollars(amountCents);
      if (!/^\d{4}$/.test(last4)) throw new PaymentError('refundNotPossible', 'last four digits');
      const transaction = await createTransaction({
        transactionType: 'refundTransaction',
        amount,
        // A refund names the card by its last four digits only, masked, with a masked expiry.
        payment: { creditCard: { cardNumber: `XXXX${last4}`, expirationDate: 'XXXX' } },
        refTransId: transactionId,
      });
      if (transaction.responseCode === '1' && transaction.transId) return { refundTransactionId: transaction.transId };
      const reason = transaction.errors?.[0]?.errorCode;
      // 54: not settled yet (settlement runs once a day). Giving the whole amount back before
      // settlement is a void: the charge never reaches the card statement.
      if (reason === '54') {
        const details = await transactionDetails(transactionId);
        if (details?.status === 'capturedPendingSettlement' && details.authAmountCents === amountCents) {
          return { refundTransactionId: await voidTransaction(transactionId) };
        }
      }
      if (reason && TRY_AGAIN.has(reason)) throw new PaymentError('unavailable', `refund: reason ${reason}`);
      // 11 (the same refund again within the window) is refused too: the caller records one refund
      // per charge, and the sandbox answers a second refund the same way.
      throw new PaymentError(
        'refundNotPossible',
        `refund: reason ${reason ?? 'none'}${reason && REFUND_REFUSED.has(reason) ? '' : ' (unexpected)'}`,
      );
    },

    async saveCard({ customerId, email, customerProfileId, card }) {
      const payment = { opaqueData: opaqueData(card) };
      // liveMode: the gateway checks the card with a zero-amount authorisation now, so a declined
      // card is refused when it is saved rather than at its first charge.
      let profileId = customerProfileId;
      let paymentProfileId: string | undefined;
      let reused = false;
      if (!profileId) {
        const answer = await call('createCustomerProfileRequest', {
          profile: {
            merchantCustomerId: shortId(customerId),
            description: `Patient ${customerId}`.slice(0, 255),
            email: email.slice(0, 255),
            paymentProfiles: { customerType: 'individual', payment },
          },
          validationMode: 'liveMode',
        });
        const created = z
          .object({ customerProfileId: z.string(), customerPaymentProfileIdList: listOf(z.string()) })
          .safeParse(answer);
        if (answer.messages.resultCode === 'Ok' && created.success && created.data.customerPaymentProfileIdList[0]) {
          profileId = created.data.customerProfileId;
          paymentProfileId = created.data.customerPaymentProfileIdList[0];
        } else {
          // E00039: this customer has a profile already (its id lost on our side): add the card to it.
          const { code, text } = firstMessage(answer);
          const existing = code === 'E00039' ? /ID (\d+)/.exec(text ?? '')?.[1] : undefined;
          if (!existing) refuseSavedCard('createCustomerProfileRequest', answer);
          profileId = existing;
        }
      }
      if (!paymentProfileId) {
        const answer = await call('createCustomerPaymentProfileRequest', {
          customerProfileId: profileId,
          paymentProfile: { customerType: 'individual', payment },
          validationMode: 'liveMode',
        });
        const created = z.object({ customerPaymentProfileId: z.string() }).safeParse(answer);
        // E00039 here: the same card is on the profile already; Authorize.Net names it, and it is reused.
        reused = firstMessage(answer).code === 'E00039' && created.success;
        if ((answer.messages.resultCode !== 'Ok' && !reused) || !created.success)
          refuseSavedCard('createCustomerPaymentProfileRequest', answer);
        paymentProfileId = created.data.customerPaymentProfileId;
      }
      const saved = { customerProfileId: profileId!, paymentProfileId: paymentProfileId! };
      try {
        return { ...saved, ...(await paymentProfileSummary(saved.customerProfileId, saved.paymentProfileId)) };
      } catch (error) {
        // Without its brand and last four the card cannot be shown: leave nothing behind (but
        // keep a card that was on the profile before this call).
        if (!reused) await deleteProfile(saved).catch(() => undefined);
        throw error;
      }
    },

    async deleteCard(card) {
      await deleteProfile(card);
    },
  };

  async function deleteProfile(card: SavedCardRef): Promise<void> {
    const answer = await call('deleteCustomerPaymentProfileRequest', {
      customerProfileId: card.customerProfileId,
      customerPaymentProfileId: card.paymentProfileId,
    });
    // E00040: gone already, which is what was asked.
    if (answer.messages.resultCode === 'Ok' || firstMessage(answer).code === 'E00040') return;
    requireOk('deleteCustomerPaymentProfileRequest', answer);
  }
}

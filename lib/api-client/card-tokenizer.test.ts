import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AcceptResponse } from './sandbox-accept';

/*
 * The browser tokeniser, in Node: the sandbox path runs as it does in the page; the Accept.js path
 * gets a fake `document` whose script tag "loads" by putting a fake `window.Accept` in place, as
 * Authorize.Net's script does. No network either way.
 */

const nextYear = String(new Date().getFullYear() + 1);
const visa = { cardNumber: '4111 1111 1111 1111', month: '12', year: nextYear, cardCode: '123' };
const authorizeNet = {
  kind: 'authorize-net',
  scriptUrl: 'https://jstest.authorize.net/v1/Accept.js',
  apiLoginId: 'fakeLogin',
  clientKey: 'fakeClientKey',
} as const;

type Dispatch = (secureData: unknown, callback: (response: AcceptResponse) => void) => void;

/** A page with no Accept.js yet; appending the script tag "loads" `accept` (or fails). */
function fakePage(accept: { dispatchData: Dispatch } | 'fails') {
  const win: { Accept?: { dispatchData: Dispatch } } = {};
  const scripts: Record<string, unknown>[] = [];
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', {
    createElement: (tag: string) => ({ tag }),
    head: {
      appendChild(script: { onload?: () => void; onerror?: () => void } & Record<string, unknown>) {
        scripts.push(script);
        setTimeout(() => {
          if (accept === 'fails') return script.onerror?.();
          win.Accept = accept;
          script.onload?.();
        }, 0);
      },
    },
  });
  return { scripts, win };
}

async function freshTokenizer() {
  vi.resetModules();
  return (await import('./card-tokenizer')).tokenizeCard;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tokenizeCard with the sandbox', () => {
  it('answers opaque data, the brand and the last four digits, and never the number', async () => {
    const tokenizeCard = await freshTokenizer();
    const result = await tokenizeCard(visa, { kind: 'sandbox' });
    expect(result).toMatchObject({
      ok: true,
      brand: 'visa',
      last4: '1111',
      opaqueData: { dataDescriptor: 'COMMON.SANDBOX.PAYMENT' },
    });
    expect(JSON.stringify(result)).not.toContain('4111111111111111');
  });

  it('names the fields that are wrong', async () => {
    const tokenizeCard = await freshTokenizer();
    expect(
      await tokenizeCard(
        { ...visa, cardNumber: '4111111111111112', year: '2001', cardCode: '12' },
        { kind: 'sandbox' },
      ),
    ).toEqual({
      ok: false,
      errors: ['number', 'expiry', 'cvv'],
    });
  });
});

describe('tokenizeCard with Accept.js', () => {
  it('loads Accept.js once from the configured URL and sends the card with the login id and client key', async () => {
    const sent: unknown[] = [];
    const { scripts } = fakePage({
      dispatchData(secureData, callback) {
        sent.push(secureData);
        setTimeout(
          () =>
            callback({
              messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
              opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: `eyJ${sent.length}` },
            }),
          0,
        );
      },
    });
    const tokenizeCard = await freshTokenizer();
    const [first, second] = await Promise.all([
      tokenizeCard(visa, authorizeNet),
      tokenizeCard({ ...visa, cardNumber: '5424000000000015' }, authorizeNet),
    ]);
    expect(first).toEqual({
      ok: true,
      opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: expect.stringMatching(/^eyJ/) },
      brand: 'visa',
      last4: '1111',
    });
    expect(second).toMatchObject({ ok: true, brand: 'mastercard', last4: '0015' });
    await tokenizeCard(visa, authorizeNet);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ tag: 'script', src: authorizeNet.scriptUrl, charset: 'utf-8' });
    expect(sent[0]).toEqual({ authData: { clientKey: 'fakeClientKey', apiLoginID: 'fakeLogin' }, cardData: visa });
  });

  it("maps Accept.js's error codes to the fields, and the others to unavailable", async () => {
    let codes: string[] = [];
    fakePage({
      dispatchData(_secureData, callback) {
        callback({ messages: { resultCode: 'Error', message: codes.map((code) => ({ code, text: code })) } });
      },
    });
    const tokenizeCard = await freshTokenizer();
    const errorsFor = async (list: string[]) => {
      codes = list;
      const result = await tokenizeCard(visa, authorizeNet);
      return result.ok ? [] : result.errors;
    };
    expect(await errorsFor(['E_WC_05'])).toEqual(['number']);
    expect(await errorsFor(['E_WC_06', 'E_WC_07'])).toEqual(['expiry']);
    expect(await errorsFor(['E_WC_08', 'E_WC_15'])).toEqual(['expiry', 'cvv']);
    expect(await errorsFor(['E_WC_21'])).toEqual(['unavailable']);
    expect(await errorsFor(['E_WC_14'])).toEqual(['unavailable']);
    expect(await errorsFor([])).toEqual(['unavailable']);
  });

  it('answers unavailable when Accept.js cannot be loaded, and tries to load it again next time', async () => {
    const { scripts } = fakePage('fails');
    const tokenizeCard = await freshTokenizer();
    expect(await tokenizeCard(visa, authorizeNet)).toEqual({ ok: false, errors: ['unavailable'] });
    expect(await tokenizeCard(visa, authorizeNet)).toEqual({ ok: false, errors: ['unavailable'] });
    expect(scripts).toHaveLength(2);
  });
});

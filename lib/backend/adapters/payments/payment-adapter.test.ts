import { afterEach, describe, expect, it, vi } from 'vitest';

/* Which gateway serves: serverEnv() is parsed once per module instance, so each case loads afresh. */

const authorizeNet = {
  AUTHORIZE_NET_API_LOGIN_ID: 'fakeLogin',
  AUTHORIZE_NET_TRANSACTION_KEY: 'fakeTransKey1234',
  AUTHORIZE_NET_CLIENT_KEY: 'fakeClientKey',
  PAYMENT_SCRIPT_URL: 'https://jstest.authorize.net/v1/Accept.js',
};

async function load(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { paymentGateway } = await import('./payment-adapter');
  const { paymentClientConfig } = await import('../../../bff/payment-config');
  return { gateway: paymentGateway(), client: paymentClientConfig() };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('paymentGateway and paymentClientConfig', () => {
  it('serve the sandbox when Authorize.Net is not configured', async () => {
    const { gateway, client } = await load({});
    expect(gateway.kind).toBe('sandbox');
    expect(client).toEqual({ kind: 'sandbox' });
  });

  it('serve the sandbox under NODE_ENV=test whatever the shell exports: tests never reach the internet', async () => {
    const { gateway, client } = await load({ ...authorizeNet, NODE_ENV: 'test' });
    expect(gateway.kind).toBe('sandbox');
    expect(client).toEqual({ kind: 'sandbox' });
  });

  it('serve Authorize.Net when all four settings are there, and never hand the transaction key to the browser', async () => {
    const { gateway, client } = await load({ ...authorizeNet, NODE_ENV: 'production' });
    expect(gateway.kind).toBe('authorize-net');
    expect(client).toEqual({
      kind: 'authorize-net',
      scriptUrl: authorizeNet.PAYMENT_SCRIPT_URL,
      apiLoginId: 'fakeLogin',
      clientKey: 'fakeClientKey',
    });
    expect(JSON.stringify(client)).not.toContain(authorizeNet.AUTHORIZE_NET_TRANSACTION_KEY);
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseServerEnv } from './server-env';

describe('parseServerEnv', () => {
  it('has working defaults for an empty environment', () => {
    const env = parseServerEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './.data',
      SEED_PROVIDERS: 2000,
      publicUrl: 'http://localhost:3000',
    });
    expect(env.dataDir).toBe(path.resolve('.data'));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.V4_API_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('reads the variables it is given', () => {
    const env = parseServerEnv({
      PORT: '8080',
      DATA_DIR: '/tmp/dental-data',
      DATABASE_URL: 'postgresql://app@db.internal:5432/dental',
      V4_API_URL: 'https://api.example.com',
      SESSION_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      PUBLIC_URL: 'https://dental.example.com/',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      dataDir: '/tmp/dental-data',
      DATABASE_URL: 'postgresql://app@db.internal:5432/dental',
      publicUrl: 'https://dental.example.com',
    });
  });

  it('follows PORT in the default public URL', () => {
    expect(parseServerEnv({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('treats empty variables as unset, as shells often export VAR=', () => {
    expect(parseServerEnv({ PORT: '', DATABASE_URL: '', SESSION_SECRET: '' })).toMatchObject({ PORT: 3000 });
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number from 1 to 65535'],
    ['PORT', '70000', 'PORT must be a whole number from 1 to 65535'],
    ['PORT', '0', 'PORT must be a whole number from 1 to 65535'],
    ['PORT', '3000.5', 'PORT must be a whole number from 1 to 65535'],
    ['DATABASE_URL', 'mysql://db/dental', 'DATABASE_URL must start with postgres:// or postgresql://'],
    ['DATABASE_URL', 'localhost:5432', 'DATABASE_URL must start with postgres:// or postgresql://'],
    ['SESSION_SECRET', 'short', 'SESSION_SECRET must be at least 32 characters long'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL must start with smtp:// or smtps://'],
    ['V4_API_URL', 'ftp://api', 'V4_API_URL must be an http:// or https:// URL'],
    ['PUBLIC_URL', 'dental.example.com', 'PUBLIC_URL must be an http:// or https:// URL'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be development, production or test'],
  ])('stops on %s=%s with the sentence "%s"', (name, value, sentence) => {
    let error: unknown;
    try {
      parseServerEnv({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(`Configuration error: ${sentence}. See the README's configuration table.`);
  });

  it('names every wrong variable in one message', () => {
    expect(() => parseServerEnv({ PORT: 'x', DATABASE_URL: 'mysql://x' })).toThrow(/PORT .*; DATABASE_URL /);
  });

  it("logs from info up by default, takes any of pino's levels, and refuses another word", () => {
    expect(parseServerEnv({}).LOG_LEVEL).toBe('info');
    expect(parseServerEnv({ LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
    expect(() => parseServerEnv({ LOG_LEVEL: 'verbose' })).toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
    );
  });

  describe('Authorize.Net', () => {
    const all = {
      AUTHORIZE_NET_API_LOGIN_ID: '5KP3u95bQpv',
      AUTHORIZE_NET_TRANSACTION_KEY: '346HZ32z3fP4hTG2',
      AUTHORIZE_NET_CLIENT_KEY: '7jQ3s2kZ8b7xEMPLEclientKEY',
      PAYMENT_SCRIPT_URL: 'https://jstest.authorize.net/v1/Accept.js',
    };

    it('is off by default, with the sandbox endpoint ready', () => {
      const env = parseServerEnv({});
      expect(env.AUTHORIZE_NET_API_LOGIN_ID).toBeUndefined();
      expect(env.AUTHORIZE_NET_ENDPOINT).toBe('https://apitest.authorize.net/xml/v1/request.api');
    });

    it('reads all four settings and another endpoint', () => {
      const env = parseServerEnv({ ...all, AUTHORIZE_NET_ENDPOINT: 'https://api.authorize.net/xml/v1/request.api' });
      expect(env).toMatchObject({ ...all, AUTHORIZE_NET_ENDPOINT: 'https://api.authorize.net/xml/v1/request.api' });
    });

    it('stops with one sentence naming what is missing when only some are set', () => {
      expect(() =>
        parseServerEnv({
          AUTHORIZE_NET_API_LOGIN_ID: all.AUTHORIZE_NET_API_LOGIN_ID,
          AUTHORIZE_NET_CLIENT_KEY: all.AUTHORIZE_NET_CLIENT_KEY,
        }),
      ).toThrow(
        new ConfigError(
          "Configuration error: Authorize.Net payments need AUTHORIZE_NET_TRANSACTION_KEY and PAYMENT_SCRIPT_URL as well (set all of AUTHORIZE_NET_API_LOGIN_ID, AUTHORIZE_NET_TRANSACTION_KEY, AUTHORIZE_NET_CLIENT_KEY and PAYMENT_SCRIPT_URL, or none for the sandbox gateway). See the README's configuration table.",
        ),
      );
      const { AUTHORIZE_NET_CLIENT_KEY: _, ...withoutClientKey } = all;
      expect(() => parseServerEnv(withoutClientKey)).toThrow(/need AUTHORIZE_NET_CLIENT_KEY as well/);
      expect(() => parseServerEnv({ PAYMENT_SCRIPT_URL: all.PAYMENT_SCRIPT_URL })).toThrow(
        /need AUTHORIZE_NET_API_LOGIN_ID, AUTHORIZE_NET_TRANSACTION_KEY and AUTHORIZE_NET_CLIENT_KEY as well/,
      );
    });

    it('sends the transaction key over https only, except to this machine', () => {
      expect(() =>
        parseServerEnv({ ...all, AUTHORIZE_NET_ENDPOINT: 'http://api.example.com/xml/v1/request.api' }),
      ).toThrow(/AUTHORIZE_NET_ENDPOINT must be an https:\/\/ URL \(http:\/\/ only to this machine\)/);
      expect(
        parseServerEnv({ ...all, AUTHORIZE_NET_ENDPOINT: 'http://127.0.0.1:8999/xml/v1/request.api' })
          .AUTHORIZE_NET_ENDPOINT,
      ).toBe('http://127.0.0.1:8999/xml/v1/request.api');
    });
  });
});

import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js';

/**
 * Server configuration, parsed once. Every variable is documented in the README's
 * configuration table; a wrong value stops the server with one clear sentence
 * (STYLE.md habit 9) instead of failing later on a request.
 */
const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://');

/** A whole number, with one readable sentence for any wrong value (zod's own: "expected number, received NaN"). */
const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};
/** The values LOG_LEVEL accepts: pino's levels, most severe first (lib/logging/logger.ts). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
/** A link the shell shows to every visitor: https only, so no page links to a plain-http site. */
const linkUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

export const serverEnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: wholeNumber(1, 65535).default(3000),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: postgresUrl.optional(),
  V4_API_URL: httpUrl.optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Dental Booking <no-reply@dental-booking.local>'),
  // Where the notification of each practice listing request goes.
  PRACTICE_TEAM_EMAIL: z.email('must be an email address').default('practices@dental-booking.local'),
  PUBLIC_URL: httpUrl.optional(),
  // Where support requests from the account area go (PUT /v4/supportEmail).
  // The address the shell shows (components/shell/menu-items.ts) by default, so requests go where patients are told they go.
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@dental-booking.example'),
  // The shell's links and contacts (lib/config/shell-links.ts turns them into props).
  // The support phone shown in the contact dialog, the account area, the legal pages and the chat.
  SUPPORT_PHONE: z
    .string()
    .refine(
      (v) => supportPhoneNumber(v) !== undefined,
      'must be a phone number in international form, such as +1 800 555 0199',
    )
    .default('+1 800 555 0199'),
  // Unset: the contact action opens the dialog with the support email and phone. Set, it leads here instead.
  CONTACT_URL: z.url({ protocol: /^(https|mailto)$/, error: 'must be an https:// or mailto: URL' }).optional(),
  APP_STORE_URL: linkUrl.default('https://apps.apple.com/'),
  GOOGLE_PLAY_URL: linkUrl.default('https://play.google.com/store'),
  SOCIAL_FACEBOOK_URL: linkUrl.default('https://www.facebook.com/'),
  SOCIAL_INSTAGRAM_URL: linkUrl.default('https://www.instagram.com/'),
  SOCIAL_X_URL: linkUrl.default('https://x.com/'),
  SOCIAL_LINKEDIN_URL: linkUrl.default('https://www.linkedin.com/'),
  SOCIAL_YOUTUBE_URL: linkUrl.default('https://www.youtube.com/'),
  SOCIAL_TIKTOK_URL: linkUrl.default('https://www.tiktok.com/'),
  SOCIAL_PINTEREST_URL: linkUrl.default('https://www.pinterest.com/'),
  SEED_PROVIDERS: wholeNumber(0, 1_000_000).default(2000),
  // How many reverse proxies stand in front of the server. 0: the client is the socket's address and
  // any X-Forwarded-For sent by the client is ignored, so per-address throttles cannot be dodged.
  TRUST_PROXY_HOPS: wholeNumber(0, 10).default(0),
  // Sign-ups accepted per client address per hour (lib/docs/decisions/login-throttling.md).
  SIGNUPS_PER_ADDRESS_PER_HOUR: wholeNumber(1, 100_000).default(10),
  // Wrong office API keys accepted per client address per 15 minutes before 429s.
  OFFICE_KEY_FAILURES_PER_ADDRESS: wholeNumber(1, 100_000).default(20),
  // Booking limits (lib/docs/decisions/payments.md): upcoming appointments per attendee (the
  // account holder or each family member) and per attendee with one provider; declined card
  // payments per account and per client address per hour; new cards tried per account per hour.
  UPCOMING_APPOINTMENTS_PER_PATIENT: wholeNumber(1, 10_000).default(10),
  UPCOMING_APPOINTMENTS_PER_PROVIDER: wholeNumber(1, 10_000).default(3),
  PAYMENT_DECLINES_PER_ACCOUNT_PER_HOUR: wholeNumber(1, 100_000).default(5),
  PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: wholeNumber(1, 100_000).default(20),
  NEW_CARDS_PER_ACCOUNT_PER_HOUR: wholeNumber(1, 100_000).default(10),
  NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  // Teledental visits: rooms are `${VIDEO_BASE_URL}DentalBooking-<keyed hash of the appointment>`.
  VIDEO_BASE_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).default('https://meet.jit.si/'),
  // Interface the server listens on. Unset: loopback only (127.0.0.1 and ::1), so a fresh
  // install is not reachable from the network; 0.0.0.0 or :: exposes it (lib/custom-server/edge.ts).
  HOST: z
    .string()
    .regex(/^(?:[A-Za-z0-9.-]+|[0-9A-Fa-f:.]+)$/, 'must be a host name or an IP address such as 127.0.0.1 or 0.0.0.0')
    .optional(),
  // The least severe level the server logs (lib/logging/logger.ts); `silent` logs nothing.
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // Serves the outbox at /dev/mailbox, to loopback clients of a loopback-bound server only.
  DEV_MAILBOX: z.enum(['0', '1'], { error: 'must be 1 (serve /dev/mailbox locally) or 0' }).default('0'),
  // Where the browser loads the payment provider's script (Accept.js); its origin joins the CSP.
  PAYMENT_SCRIPT_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  // Authorize.Net (lib/docs/decisions/payments.md): used when these three and PAYMENT_SCRIPT_URL
  // are all set; none of them keeps the embedded sandbox gateway.
  AUTHORIZE_NET_API_LOGIN_ID: z.string().max(25, 'must be at most 25 characters (an API login id)').optional(),
  AUTHORIZE_NET_TRANSACTION_KEY: z.string().max(16, 'must be at most 16 characters (a transaction key)').optional(),
  AUTHORIZE_NET_CLIENT_KEY: z.string().max(100, 'must be at most 100 characters (a public client key)').optional(),
  // The API endpoint; the default is Authorize.Net's sandbox, production is
  // https://api.authorize.net/xml/v1/request.api. Plain http only to this machine (a local fake):
  // the transaction key travels in every request.
  AUTHORIZE_NET_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
    .refine(
      (v) => v.startsWith('https://') || isLoopbackHost(new URL(v).hostname),
      'must be an https:// URL (http:// only to this machine)',
    )
    .default('https://apitest.authorize.net/xml/v1/request.api'),
  // The chat assistant (lib/docs/decisions/chat-assistant.md): unset, the embedded
  // deterministic engine answers; with a URL, an OpenAI-compatible chat-completions endpoint
  // (its base, e.g. https://api.openai.com/v1) drives the same search tools. The key travels in
  // every request, so plain http only to this machine (a local model server).
  ASSISTANT_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
    .refine(
      (v) => v.startsWith('https://') || isLoopbackHost(new URL(v).hostname),
      'must be an https:// URL (http:// only to this machine)',
    )
    .optional(),
  ASSISTANT_API_KEY: z.string().max(500, 'must be at most 500 characters').optional(),
  ASSISTANT_MODEL: z.string().max(200, 'must be at most 200 characters').default('gpt-4o-mini'),
  // Uploaded images in S3-compatible object storage (lib/backend/adapters/storage/s3-storage.ts):
  // used when S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are all set; none of them keeps
  // the bytes in the database. The endpoint defaults to AWS's for the region; plain http only to
  // this machine (a local MinIO), as patients' images and signed requests travel over it.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().max(128, 'must be at most 128 characters').optional(),
  S3_SECRET_ACCESS_KEY: z.string().max(128, 'must be at most 128 characters').optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
    .refine(
      (v) => v.startsWith('https://') || isLoopbackHost(new URL(v).hostname),
      'must be an https:// URL (http:// only to this machine)',
    )
    .refine((v) => {
      const u = new URL(v);
      return u.pathname === '/' && !u.search && !u.username;
    }, 'must be a scheme, host and port only, such as https://s3.example.com')
    .optional(),
  // path: <endpoint>/<bucket>/<key> (MinIO, most self-hosted servers); virtual-host: <bucket>.<endpoint host>/<key> (AWS).
  S3_URL_STYLE: z.enum(['path', 'virtual-host'], { error: 'must be path or virtual-host' }).optional(),
  // Prepended to every object key, to share a bucket: e.g. dental-booking/ (no leading slash).
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]{1,200}$/, "must be letters, digits and !_.*'()/- only (up to 200)")
    .refine((v) => !v.startsWith('/') && !v.includes('//'), 'must not start with / or contain //')
    .optional(),
  // Uploads (lib/docs/decisions/uploads-and-images.md): the room each patient's images may take,
  // the image files a patient may upload per hour, and how many images are decoded at once
  // (unset: one fewer than the CPU cores, at least one, so a core stays free for requests).
  UPLOAD_QUOTA_MB: wholeNumber(1, 1_000_000).default(50),
  UPLOADS_PER_HOUR: wholeNumber(1, 1_000_000).default(30),
  IMAGE_PROCESSING_CONCURRENCY: wholeNumber(1, 64).optional(),
  // Uploads one process reads and handles at once (unset: as many as the decoding slots run and
  // queue).
  UPLOADS_AT_ONCE: wholeNumber(1, 1_000).optional(),
});

/** S3 object storage needs all of these; the database store none. */
export const S3_VARIABLES = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Authorize.Net needs all of these; the sandbox gateway none. */
export const AUTHORIZE_NET_VARIABLES = [
  'AUTHORIZE_NET_API_LOGIN_ID',
  'AUTHORIZE_NET_TRANSACTION_KEY',
  'AUTHORIZE_NET_CLIENT_KEY',
  'PAYMENT_SCRIPT_URL',
] as const;

export type ServerEnv = z.infer<typeof serverEnvSchema> & { dataDir: string; publicUrl: string };

/** Empty strings count as unset, as shells often export `VAR=`. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
}

export class ConfigError extends Error {}

export function parseServerEnv(env: Record<string, string | undefined> = process.env): ServerEnv {
  const result = serverEnvSchema.safeParse(withoutEmpty(env));
  if (!result.success) {
    const sentences = result.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'} ${issue.message.replace(/^Invalid input: /, '')}`,
    );
    throw new ConfigError(`Configuration error: ${sentences.join('; ')}. See the README's configuration table.`);
  }
  const parsed = result.data;
  // Checked here rather than ignored: an exposed server with the mailbox on would hand every
  // reset link to whoever asks, so this combination refuses to start.
  if (parsed.DEV_MAILBOX === '1' && (!isLoopbackHost(parsed.HOST) || parsed.TRUST_PROXY_HOPS > 0)) {
    throw new ConfigError(
      "Configuration error: DEV_MAILBOX=1 is for local use only and cannot be combined with a non-loopback HOST or TRUST_PROXY_HOPS; unset DEV_MAILBOX. See the README's configuration table.",
    );
  }
  // Some but not all of Authorize.Net's settings is a half-done switch: refuse it rather than
  // quietly keep the sandbox (no money would move) or fail on the first payment.
  const missing = AUTHORIZE_NET_VARIABLES.filter((name) => !parsed[name]);
  if (missing.length > 0 && missing.length < AUTHORIZE_NET_VARIABLES.length) {
    throw new ConfigError(
      `Configuration error: Authorize.Net payments need ${listOf(missing)} as well (set all of ${listOf([...AUTHORIZE_NET_VARIABLES])}, or none for the sandbox gateway). See the README's configuration table.`,
    );
  }
  const missingS3 = S3_VARIABLES.filter((name) => !parsed[name]);
  if (missingS3.length > 0 && missingS3.length < S3_VARIABLES.length) {
    throw new ConfigError(
      `Configuration error: S3 image storage needs ${listOf(missingS3)} as well (set all of ${listOf([...S3_VARIABLES])}, or none to keep images in DATA_DIR). See the README's configuration table.`,
    );
  }
  return {
    ...parsed,
    dataDir: path.resolve(parsed.DATA_DIR),
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
  };
}

function listOf(names: string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** True for loopback names and addresses (and for no HOST at all: the default binds loopback only). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export interface AuthorizeNetSettings {
  apiLoginId: string;
  transactionKey: string;
  clientKey: string;
  scriptUrl: string;
  endpoint: string;
}

/**
 * Authorize.Net's settings when payments go through it, for the gateway (server) and the card
 * tokeniser's configuration (browser) to agree. Never under NODE_ENV=test, as with the maps key:
 * a test must not reach the internet, whatever the developer's shell exports.
 */
export function authorizeNetSettings(env: ServerEnv = serverEnv()): AuthorizeNetSettings | undefined {
  const {
    AUTHORIZE_NET_API_LOGIN_ID: apiLoginId,
    AUTHORIZE_NET_TRANSACTION_KEY: transactionKey,
    AUTHORIZE_NET_CLIENT_KEY: clientKey,
  } = env;
  if (!apiLoginId || !transactionKey || !clientKey || !env.PAYMENT_SCRIPT_URL || env.NODE_ENV === 'test')
    return undefined;
  return {
    apiLoginId,
    transactionKey,
    clientKey,
    scriptUrl: env.PAYMENT_SCRIPT_URL,
    endpoint: env.AUTHORIZE_NET_ENDPOINT,
  };
}

let cached: ServerEnv | undefined;
export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv();
  return cached;
}

/**
 * The support phone, when `value` is a valid number in international form (+ and the country
 * code): a national number alone would depend on a country the server cannot guess.
 */
export function supportPhoneNumber(value: string): PhoneNumber | undefined {
  if (!value.trim().startsWith('+')) return undefined;
  const phone = parsePhoneNumberFromString(value);
  return phone?.isValid() ? phone : undefined;
}

export interface S3Settings {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Scheme, host and port, no trailing slash. */
  endpoint: string;
  urlStyle: 'path' | 'virtual-host';
  /** '' or a prefix such as `dental-booking/`. */
  prefix: string;
}

/**
 * Where uploaded images go when S3 is configured (undefined: the database store). Under
 * NODE_ENV=test only a loopback endpoint counts, so a developer's exported credentials never
 * make a test write to a real bucket; the tests start their own S3-protocol server.
 */
export function s3Settings(env: ServerEnv = serverEnv()): S3Settings | undefined {
  const {
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_REGION: region,
  } = env;
  if (!bucket || !accessKeyId || !secretAccessKey) return undefined;
  if (env.NODE_ENV === 'test' && !(env.S3_ENDPOINT && isLoopbackHost(new URL(env.S3_ENDPOINT).hostname)))
    return undefined;
  const endpoint = (env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/$/, '');
  // A custom endpoint is most often a self-hosted server, which answers path-style; AWS prefers virtual-host.
  const urlStyle = env.S3_URL_STYLE ?? (env.S3_ENDPOINT ? 'path' : 'virtual-host');
  return { bucket, accessKeyId, secretAccessKey, region, endpoint, urlStyle, prefix: env.S3_PREFIX ?? '' };
}

import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv, supportPhoneNumber, type ServerEnv } from './server-env';

/** The seven social networks of the footer (SPEC.md section 2), in the footer's order. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok', 'pinterest'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** What the browser needs to reach support: the contact dialog, the account area, the chat, cancelling. */
export interface SupportContacts {
  email: string;
  /** As shown, e.g. "+1 (800) 555-0199". */
  phone: string;
  /** A `tel:` URI, e.g. "tel:+18005550199". */
  phoneHref: string;
  /** Where the contact action leads instead of the contact dialog, when configured. */
  contactUrl?: string;
}

export interface ShellLinks {
  appStoreUrl: string;
  googlePlayUrl: string;
  social: Record<SocialNetwork, string>;
  support: SupportContacts;
}

/**
 * The shell's links and contacts from the server configuration (README "Configuration"), as
 * plain props: the layout hands them to the footer and to the client components through
 * <Providers>, so no browser bundle carries a value and a deployment changes them without code.
 */
export function shellLinks(env: ServerEnv = serverEnv()): ShellLinks {
  const phone = supportPhoneNumber(env.SUPPORT_PHONE)!; // validated when the configuration was parsed
  return {
    appStoreUrl: env.APP_STORE_URL,
    googlePlayUrl: env.GOOGLE_PLAY_URL,
    social: {
      facebook: env.SOCIAL_FACEBOOK_URL,
      instagram: env.SOCIAL_INSTAGRAM_URL,
      x: env.SOCIAL_X_URL,
      linkedin: env.SOCIAL_LINKEDIN_URL,
      youtube: env.SOCIAL_YOUTUBE_URL,
      tiktok: env.SOCIAL_TIKTOK_URL,
      pinterest: env.SOCIAL_PINTEREST_URL,
    },
    support: {
      email: env.SUPPORT_EMAIL,
      // North American numbers as people there write them, "+1 (800) 555-0199"; others internationally.
      phone: phone.countryCallingCode === '1' ? `+1 ${phone.formatNational()}` : phone.formatInternational(),
      phoneHref: phone.getURI(),
      ...(env.CONTACT_URL ? { contactUrl: env.CONTACT_URL } : {}),
    },
  };
}

/** The variables behind shellLinks(), in the README's order. */
export const SHELL_LINK_VARIABLES = [
  'SUPPORT_EMAIL',
  'SUPPORT_PHONE',
  'CONTACT_URL',
  'APP_STORE_URL',
  'GOOGLE_PLAY_URL',
  'SOCIAL_FACEBOOK_URL',
  'SOCIAL_INSTAGRAM_URL',
  'SOCIAL_X_URL',
  'SOCIAL_LINKEDIN_URL',
  'SOCIAL_YOUTUBE_URL',
  'SOCIAL_TIKTOK_URL',
  'SOCIAL_PINTEREST_URL',
  // Not a link of the shell, but the static pages' canonical and language URLs are built on it.
  'PUBLIC_URL',
] as const;
type ShellLinkValues = Partial<Record<(typeof SHELL_LINK_VARIABLES)[number], string>>;

function shellLinkValues(env: ServerEnv): ShellLinkValues {
  return Object.fromEntries(SHELL_LINK_VARIABLES.map((name) => [name, env[name]]));
}

/** Where the build notes the values its static pages were rendered with, beside the build. */
function buildRecordPath(distDir = process.env.NEXT_DIST_DIR || '.next'): string {
  return path.resolve(distDir, 'shell-links.json');
}

/**
 * `next build` renders the static pages (sign-up, legal, chat...) once, with the values of that
 * moment; called by the layout, this notes them while building (NEXT_PHASE), so `npm start` can
 * refuse other values instead of showing two support phones on two pages.
 */
export function noteShellLinksOfBuild(env: ServerEnv = serverEnv()): void {
  if (process.env.NEXT_PHASE !== 'phase-production-build') return;
  fs.writeFileSync(buildRecordPath(), `${JSON.stringify(shellLinkValues(env))}\n`);
}

/**
 * The variables whose value differs from the build's (empty when they agree or when the build
 * noted none, as one made before this check). For start-up: one sentence, then stop.
 */
export function shellLinksChangedSinceBuild(env: ServerEnv, distDir?: string): string[] {
  let built: ShellLinkValues;
  try {
    built = JSON.parse(fs.readFileSync(buildRecordPath(distDir), 'utf8')) as ShellLinkValues;
  } catch {
    return [];
  }
  const now = shellLinkValues(env);
  return SHELL_LINK_VARIABLES.filter((name) => (built[name] ?? null) !== (now[name] ?? null));
}

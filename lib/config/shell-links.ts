import 'server-only';
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

import type en from '../../messages/en.json';
import type { routing } from './routing';

/*
 * next-intl's typed configuration: every `useTranslations` / `getTranslations` namespace and key
 * is checked against messages/en.json, so a missing or misspelt key fails `tsc`.
 * messages/es.json has the same keys (lib/i18n/messages.test.ts checks it).
 */
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof en;
  }
}

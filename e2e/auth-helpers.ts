import type { Page } from '@playwright/test';
import en from '../messages/en.json' with { type: 'json' };
import es from '../messages/es.json' with { type: 'json' };
import { expect } from './fixtures';

/**
 * Every auth and account test runs in both languages. Names and labels come from the message
 * catalogues, so the tests find elements the way a person reading that language would.
 */
export const LANGUAGES = [
  { locale: 'en', prefix: '', m: en },
  { locale: 'es', prefix: '/es', m: es as typeof en },
] as const;

export type Messages = typeof en;

/** The path of the localized home page. */
export function homePath(prefix: string): string {
  return prefix || '/';
}

export async function expectPath(page: Page, path: string, search = ''): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return `${url.pathname}${url.search}`;
    })
    .toBe(`${path}${search}`);
}

export async function logInWithForm(page: Page, m: Messages, email: string, password: string): Promise<void> {
  await page.getByLabel(m.fields.email, { exact: true }).fill(email);
  await page.getByLabel(m.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: m.login.submit, exact: true }).click();
}

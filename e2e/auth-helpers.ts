import en from '../messages/en.json' with { type: 'json' };
import es from '../messages/es.json' with { type: 'json' };
import { STRONG_PASSWORD, expect } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';

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

/**
 * Path and query, without the lat and lng the location wrapper writes into the URL of most pages
 * (SPEC.md section 2; the e2e browser has a position): these tests are about where a page led.
 */
export async function expectPath(page: Page, path: string, search = ''): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      url.searchParams.delete('lat');
      url.searchParams.delete('lng');
      return `${url.pathname}${url.search}`;
    })
    .toBe(`${path}${search}`);
}

export async function logInWithForm(page: Page, m: Messages, email: string, password: string): Promise<void> {
  await page.getByLabel(m.fields.email, { exact: true }).fill(email);
  await page.getByLabel(m.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: m.login.submit, exact: true }).click();
}

export interface SignUpPerson {
  firstName: string;
  lastName: string;
  email: string;
  /** Left as the form has it when absent. */
  phoneCountry?: string;
  phoneNumber: string;
  gender: string;
  dateOfBirth: string;
  streetAddress: string;
  suite?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  password: string;
}

/** An adult in New York with a strong password: add a name and a fresh email. */
export const NEW_YORK_SIGN_UP = {
  phoneCountry: 'US',
  phoneNumber: '212 555 0199',
  gender: 'female',
  dateOfBirth: '1990-05-17',
  streetAddress: '350 Fifth Avenue',
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'US',
  password: STRONG_PASSWORD,
} as const;

/** Fills the sign-up form field by field as a person would, accepts the terms and submits. */
export async function signUpWithForm(page: Page, m: Messages, person: SignUpPerson): Promise<void> {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field(m.fields.firstName).fill(person.firstName);
  await field(m.fields.lastName).fill(person.lastName);
  await field(m.fields.email).fill(person.email);
  if (person.phoneCountry) await field(m.fields.phoneCountry).selectOption(person.phoneCountry);
  await field(m.fields.phoneNumber).fill(person.phoneNumber);
  await field(m.fields.gender).selectOption(person.gender);
  await field(m.fields.dateOfBirth).fill(person.dateOfBirth);
  await field(m.fields.streetAddress).fill(person.streetAddress);
  if (person.suite) await field(m.fields.suite).fill(person.suite);
  await field(m.fields.city).fill(person.city);
  await field(m.fields.state).fill(person.state);
  await field(m.fields.zip).fill(person.zip);
  await field(m.fields.country).selectOption(person.country);
  await field(m.fields.password).fill(person.password);
  await field(m.fields.confirmPassword).fill(person.password);
  await page.getByRole('main').getByRole('checkbox').check();
  await page.getByRole('button', { name: m.signup.submit, exact: true }).click();
}

/**
 * Ends every session of the user from outside the browser, as a password reset does (the /v4
 * contract revokes all sessions), so the browser's cookie names a session /v4 no longer knows.
 */
export async function revokeSessionsByReset(
  request: APIRequestContext,
  email: string,
  newPassword: string,
): Promise<void> {
  expect((await request.post('/v4/passwordReset', { data: { email } })).status()).toBe(200);
  const html = await (await request.get('/dev/mailbox')).text();
  const article = html.split('<article').find((chunk) => chunk.includes(email) && chunk.includes('/reset/'));
  const token = /\/reset\/([A-Za-z0-9_-]{43})/.exec(article ?? '')?.[1];
  expect(token, 'reset email in the outbox').toBeTruthy();
  expect((await request.put(`/v4/passwordReset/${token}`, { data: { new: newPassword } })).status()).toBe(200);
}

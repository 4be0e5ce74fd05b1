import { createPatient, expect, loginThroughBff, test } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import { CHICAGO, escape, stepHeading } from './booking-helpers';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

/*
 * A signed-in patient books a visit with the keyboard alone, from the provider page to the
 * confirmation (SPEC.md section 2 "Booking steps"; WCAG 2.1.1, 2.4.3, 2.4.7). After the first page
 * load the test only presses keys and types, and after every key it checks that the focused
 * element shows a focus indicator. The day strip and the slot grid are toggle buttons in groups
 * (no tablist, grid or radiogroup role): they promise Tab, not arrow keys, and Tab reaches each.
 */

test.use({ geolocation: CHICAGO, permissions: ['geolocation'] });

/** A teledental provider near Chicago whose index no other spec books (booking-helpers.ts' list). */
const PROVIDER_INDEX = { en: 12, es: 13 } as const;

interface Target {
  providerId: number;
  officeId: number;
  /** Index in the day strip (0 = the first day of the week) of the last day with free times. */
  dayIndex: number;
}

async function providerWithFreeDay(request: APIRequestContext, index: number): Promise<Target> {
  const response = await request.get(
    `/v4/providers?lat=${CHICAGO.latitude}&lng=${CHICAGO.longitude}&visitType=virtual&sort=closest&pageSize=20`,
  );
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as {
    items: { id: number; office: { id: number; teledentalAvailable: boolean } }[];
  };
  const provider = items.filter((p) => p.office.teledentalAvailable)[index];
  expect(provider, `provider #${index} near Chicago`).toBeTruthy();
  const slots = await request.get(`/v4/providers/${provider!.id}/slots?officeId=${provider!.office.id}`);
  const { days } = (await slots.json()) as { days: { morning: unknown[]; afternoon: unknown[] }[] };
  const dayIndex = days.findLastIndex((d) => d.morning.length + d.afternoon.length > 0);
  expect(dayIndex, `a free day for provider ${provider!.id}`).toBeGreaterThanOrEqual(0);
  return { providerId: provider!.id, officeId: provider!.office.id, dayIndex };
}

/** The focused element draws an indicator: an outline or a box-shadow ring of some width. */
async function expectFocusVisible(page: Page): Promise<void> {
  const focus = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { element: 'body', visible: true };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    // A ring is a box-shadow with a spread or blur of some width.
    const ring = style.boxShadow !== 'none' && /\d*\.?\d+px/.test(style.boxShadow.replace(/0px/g, ''));
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60);
    return { element: `${el.tagName.toLowerCase()} "${name}"`, visible: outline || ring };
  });
  expect(focus.visible, `focus indicator on ${focus.element}`).toBe(true);
}

async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusVisible(page);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the focus indicator each time. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80): Promise<void> {
  await expect(target).toBeAttached();
  for (let i = 0; i < max; i += 1) {
    await press(page, key);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${key} did not reach ${target} in ${max} presses`);
}

for (const { locale, prefix, m } of LANGUAGES) {
  test(`a signed-in patient books a visit with the keyboard alone (${locale})`, async ({ page, request }) => {
    test.slow();
    const b = m.booking;
    const target = await providerWithFreeDay(request, PROVIDER_INDEX[locale]);
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    await page.goto(`${prefix}/provider-details/${target.providerId}?office=${target.officeId}`);

    // The skip link comes first and leads past the header.
    await press(page, 'Tab');
    await expect(page.getByRole('link', { name: m.common.skipToContent })).toBeFocused();

    // The day strip: each day is a toggle button reached by Tab, chosen with Enter.
    const strip = page.getByRole('group', { name: m.slots.days });
    const day = strip.getByRole('listitem').nth(target.dayIndex).getByRole('button');
    await expect(day).toBeEnabled();
    await tabTo(page, day);
    await press(page, 'Enter');
    await expect(day).toHaveAttribute('aria-pressed', 'true');

    // The slot grid: the day's times follow the strip in Tab order; Space chooses one.
    const times = page
      .getByRole('group', { name: m.slots.morning, exact: true })
      .or(page.getByRole('group', { name: m.slots.afternoon, exact: true }))
      .getByRole('button');
    const time = times.first();
    await tabTo(page, time);
    await press(page, 'Space');
    await expect(time).toHaveAttribute('aria-pressed', 'true');
    const book = page.getByRole('link', { name: m.slots.book });
    await tabTo(page, book);
    await press(page, 'Enter');

    // Step 1: every answer from the keyboard.
    await expect(stepHeading(page, m, 1, 2, b.steps.details)).toBeVisible();
    const reason = page.getByRole('combobox', { name: b.reason.label });
    await tabTo(page, reason);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await press(page, 'ArrowDown');
    await press(page, 'Enter');
    await expect(reason).not.toHaveValue('');

    const existing = page.getByRole('radio', { name: b.patientType.existing });
    const newPatient = page.getByRole('radio', { name: b.patientType.new });
    // Tab enters the group on its first radio while none is checked.
    await tabTo(page, existing);
    // A radio group moves with the arrows, as its role promises.
    await press(page, 'ArrowDown');
    await expect(newPatient).toBeChecked();
    await press(page, 'ArrowUp');
    await expect(existing).toBeChecked();

    const notes = page.getByRole('textbox', { name: b.notes.label });
    await tabTo(page, notes);
    await page.keyboard.type('Pain in a lower molar when chewing.');
    const terms = page.getByRole('checkbox', { name: new RegExp(escape(b.terms.link)) });
    await tabTo(page, terms);
    await press(page, 'Space');
    await expect(terms).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: b.continue, exact: true }));
    await press(page, 'Enter');

    // Step 2: the heading takes focus; the booking button follows in Tab order.
    await expect(stepHeading(page, m, 2, 2, b.steps.confirm)).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: b.confirmStep.book }));
    await press(page, 'Enter');
    const booked = page.getByRole('heading', { level: 2, name: b.booked.title });
    await expect(booked).toBeFocused();

    // A dialog on the way out: the logout confirmation keeps focus inside and gives it back.
    const accountMenu = page.getByRole('button', {
      name: new RegExp(`^${escape(m.shell.accountMenu.split('{')[0]!)}`),
    });
    await tabTo(page, accountMenu, 'Shift+Tab');
    await press(page, 'Enter');
    // Focus stays on the menu, which names the item the arrows reached (aria-activedescendant).
    const menu = page.getByRole('menu');
    const logout = menu.getByRole('menuitem', { name: m.menu.logout });
    const logoutId = (await logout.getAttribute('id'))!;
    for (let i = 0; i < 20 && (await menu.getAttribute('aria-activedescendant')) !== logoutId; i += 1)
      await press(page, 'ArrowDown');
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-activedescendant', logoutId);
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: m.logout.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: m.logout.cancel })).toBeFocused();
    for (let i = 0; i < 6; i += 1) {
      await press(page, 'Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'focus stays in the dialog').toBe(
        true,
      );
    }
    await press(page, 'Escape');
    await expect(dialog).toBeHidden();
    await expect(accountMenu).toBeFocused();
    // Still signed in, on the confirmation.
    await expect(booked).toBeVisible();
  });
}

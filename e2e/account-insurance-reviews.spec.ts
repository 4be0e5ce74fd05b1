import crypto from 'node:crypto';
import sharp from 'sharp';
import { createPatient, expect, expectAccessibleAndValid, loginThroughBff, test } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import { completedVisit } from './around-the-clock-helpers';
import { formatRating } from '../components/provider/format';
import type { Page } from '@playwright/test';

/*
 * The account area's photo, insurance and reviews tabs, in English and Spanish: a
 * profile photo that shows in the header; a family member's insurance with both card images
 * (the progress of each upload seen); a review of a completed visit, edited, and the provider's
 * page following it.
 */

/** A message with its {placeholders} filled (no plurals here). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** A message of the form `{count, plural, one {# x} other {# xs}}` for a count (English and Spanish plurals). */
function plural(template: string, count: number): string {
  const branch = /one \{([^}]*)\} other \{([^}]*)\}/.exec(template)!;
  return (count === 1 ? branch[1]! : branch[2]!).replace('#', String(count));
}

/** A real picture (the server decodes and re-encodes every image), wider than tall, as a card or a photo is. */
async function picture(color: string, width = 600, height = 380): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

async function bff(page: Page, method: 'POST' | 'PUT', path: string, data: unknown) {
  const origin = test.info().project.use.baseURL!;
  const response = await page.request.fetch(path, { method, data, headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

for (const { locale, prefix, m } of LANGUAGES) {
  test.describe(`account photo, insurance and reviews (${locale})`, () => {
    test.slow();

    test('adds a profile photo, cropped square, shown in the header', async ({ page, request }) => {
      const patient = await createPatient(request, { firstName: 'Paula', lastName: 'Photo' });
      await loginThroughBff(page, patient);
      await page.goto(`${prefix}/account-section?tab=my-profile`);
      const panel = page.getByRole('region', { name: m.account.tabs.myProfile });
      await expect(panel.getByText(m.photo.none)).toBeVisible();

      await panel
        .getByLabel(m.photo.add)
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture('#7c3aed') });
      const dialog = page.getByRole('dialog', { name: m.photo.cropTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(m.photo.zoom)).toBeVisible();
      await expectAccessibleAndValid(page);
      await dialog.getByLabel(m.photo.zoom).fill('1.5');
      await dialog.getByRole('button', { name: m.photo.save }).click();
      await expect(page.getByText(m.photo.saved)).toBeVisible();
      await expect(dialog).toBeHidden();

      // The photo is the user's avatar everywhere: the account area and the header's menu.
      const photo = panel.getByRole('img', { name: m.photo.yourPhoto });
      await expect(photo).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]{36}$/);
      await expect
        .poll(() =>
          photo.evaluate((img: HTMLImageElement) => img.naturalWidth === img.naturalHeight && img.naturalWidth > 0),
        )
        .toBe(true);
      const src = await photo.getAttribute('src');
      await expect(page.getByRole('banner').locator(`img[src="${src}"]`)).toBeVisible();
      await expectAccessibleAndValid(page);

      // It stays after a reload; removing it (with confirmation) brings the initial back.
      await page.reload();
      await expect(page.getByRole('banner').locator(`img[src="${src}"]`)).toBeVisible();
      await panel.getByRole('button', { name: m.photo.remove }).click();
      const confirm = page.getByRole('dialog', { name: m.photo.removeTitle });
      await confirm.getByRole('button', { name: m.photo.removeConfirm }).click();
      await expect(page.getByText(m.photo.removed)).toBeVisible();
      await expect(page.getByRole('banner').locator('img[src^="/api/images/"]')).toHaveCount(0);
    });

    test("adds a family member's insurance with both card images, seeing each upload's progress", async ({
      page,
      request,
    }) => {
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      const member = await bff(page, 'POST', '/api/family', {
        firstName: 'Leo',
        lastName: 'Tester',
        relationship: 'child',
        gender: 'male',
        dateOfBirth: '2018-06-01',
      });
      const carriers = (await (await page.request.get('/api/insurance-carriers')).json()) as {
        id: number;
        name: string;
        plans: { id: number; name: string }[];
      }[];
      const carrier = carriers.find((c) => c.plans.length > 1) ?? carriers[0]!;
      const plan = carrier.plans.at(-1)!;

      await page.goto(`${prefix}/account-section?tab=insurance`);
      const panel = page.getByRole('region', { name: m.account.tabs.insurance });
      const leo = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Leo Tester' }) });
      await expect(leo.getByText(m.insurance.none)).toBeVisible();
      await expect(leo.getByText(fill(m.insurance.gender, { gender: m.fields.genders.male }))).toBeVisible();
      await expectAccessibleAndValid(page);

      await leo.getByRole('button', { name: fill(m.insurance.add, { name: 'Leo Tester' }) }).click();
      const form = page.getByRole('form', { name: fill(m.insurance.formHeading, { name: 'Leo Tester' }) });

      // Saving without anything names every missing part, both card sides included.
      await form.getByRole('button', { name: m.insurance.save }).click();
      await expect(form.getByText(m.insurance.frontRequired)).toBeVisible();
      await expect(form.getByText(m.insurance.backRequired)).toBeVisible();

      // Searchable carrier and plan.
      await form.getByRole('combobox', { name: m.insurance.carrier }).fill(carrier.name.slice(0, 6));
      await page.getByRole('option', { name: carrier.name, exact: true }).click();
      await form.getByRole('combobox', { name: m.insurance.plan }).fill(plan.name);
      await page.getByRole('option', { name: plan.name, exact: true }).first().click();
      await form.getByLabel(m.insurance.memberId).fill('LEO-2024-77');

      // A file that is no image is refused with the spec's message, before any upload.
      await form
        .getByLabel(`${m.insurance.chooseImage}: ${m.insurance.front}`)
        .setInputFiles({ name: 'card.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await expect(form.getByText(m.insurance.invalidFormat)).toBeVisible();

      await form
        .getByLabel(`${m.insurance.chooseImage}: ${m.insurance.front}`)
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await picture('#0e7490') });
      await form
        .getByLabel(`${m.insurance.chooseImage}: ${m.insurance.back}`)
        .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await picture('#b45309') });
      for (const side of [m.insurance.front, m.insurance.back]) {
        const bar = form.getByRole('progressbar', { name: fill(m.insurance.progress, { side }) });
        await expect(bar).toHaveAttribute('aria-valuenow', '100');
        await expect(
          form.getByRole('img', { name: fill(m.insurance.cardImage, { side, name: 'Leo Tester' }) }),
        ).toBeVisible();
      }
      await expect(form.getByText(m.insurance.uploaded)).toHaveCount(2);
      await expectAccessibleAndValid(page);
      await form.getByRole('button', { name: m.insurance.save }).click();
      await expect(page.getByText(m.insurance.saved)).toBeVisible();
      await expect(
        leo.getByText(fill(m.insurance.summary, { carrier: carrier.name, plan: plan.name, memberId: 'LEO-2024-77' })),
      ).toBeVisible();

      // Stored: the API answers it for the member, as booking reads it.
      const saved = (await (await page.request.get('/api/insurance')).json()) as {
        appUserId: string;
        insurance: { planId: number } | null;
      }[];
      expect(saved.find((p) => p.appUserId === member.id)?.insurance?.planId).toBe(plan.id);
      await page.reload();
      await expect(
        leo.getByText(fill(m.insurance.summary, { carrier: carrier.name, plan: plan.name, memberId: 'LEO-2024-77' })),
      ).toBeVisible();
      await expectAccessibleAndValid(page);
    });

    test('writes a review of a completed visit, edits it, and the provider page follows', async ({ page, request }) => {
      const patient = await createPatient(request, { firstName: 'Rosa', lastName: 'Review' });
      await loginThroughBff(page, patient);
      // A teledental visit starting within the half hour at an around-the-clock practice, checked
      // in by the office through its API (README "Office-facing API"): any hour of the day.
      const { providerId } = await completedVisit(page, request);
      const before = (await (await request.get(`/v4/providers/${providerId}`)).json()) as {
        rating: { count: number };
        displayName: string;
      };

      await page.goto(`${prefix}/account-section?tab=my-reviews`);
      const panel = page.getByRole('region', { name: m.account.tabs.myReviews });
      await expect(panel.getByText(m.reviews.empty)).toBeVisible();
      await expectAccessibleAndValid(page);
      await panel.getByRole('button', { name: new RegExp(`^${m.reviews.write}`) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: m.reviews.submit }).click();
      await expect(dialog.getByText(m.reviews.ratingRequired)).toBeVisible();
      await dialog.locator('label', { has: page.getByRole('radio', { name: '4' }) }).click();
      const text = `Kind and careful ${crypto.randomUUID().slice(0, 6)}`;
      await dialog.getByLabel(m.reviews.text).fill(text);
      await expectAccessibleAndValid(page);
      await dialog.getByRole('button', { name: m.reviews.submit }).click();
      await expect(page.getByText(m.reviews.submitted)).toBeVisible();
      const review = panel.getByRole('article');
      await expect(review.getByText(text)).toBeVisible();
      await expect(review.getByRole('img', { name: fill(m.reviews.ratingOf, { rating: 4 }) })).toBeVisible();

      // Edit it to five stars.
      await review.getByRole('button', { name: new RegExp(`^${m.reviews.edit}`) }).click();
      const editDialog = page.getByRole('dialog');
      await editDialog.locator('label', { has: page.getByRole('radio', { name: '5' }) }).click();
      await editDialog.getByLabel(m.reviews.text).fill(`${text}, edited`);
      await editDialog.getByRole('button', { name: m.reviews.save }).click();
      await expect(page.getByText(m.reviews.updated)).toBeVisible();
      await expect(review.getByRole('img', { name: fill(m.reviews.ratingOf, { rating: 5 }) })).toBeVisible();
      // The dialog fades out before the audit (a half-transparent title is not a contrast problem).
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectAccessibleAndValid(page);

      // The provider's page counts it and shows the edited text.
      await page.goto(`${prefix}/provider-details/${providerId}`);
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByText(`${text}, edited`).count();
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      const after = (await (await request.get(`/v4/providers/${providerId}`)).json()) as {
        rating: { count: number; average: number };
      };
      expect(after.rating.count).toBe(before.rating.count + 1);
      // An around-the-clock practice's hours say so, rather than "12:00 AM – 12:00 AM".
      await expect(page.getByRole('cell', { name: m.provider.open24Hours, exact: true })).toHaveCount(7);
      // The page's rating changed with it: the average and the count beside the stars.
      const header = page.getByRole('main').locator('header').first();
      await expect(header).toContainText(formatRating(after.rating.average, locale));
      await expect(header).toContainText(`(${plural(m.provider.reviewCount, after.rating.count)})`);

      // Deleting asks first, then the review is gone from the tab.
      await page.goto(`${prefix}/account-section?tab=my-reviews`);
      await panel
        .getByRole('article')
        .getByRole('button', { name: new RegExp(`^${m.reviews.delete}`) })
        .click();
      await page
        .getByRole('dialog', { name: m.reviews.deleteTitle })
        .getByRole('button', { name: m.reviews.deleteConfirm })
        .click();
      await expect(page.getByText(m.reviews.deleted)).toBeVisible();
      await expect(panel.getByText(m.reviews.empty)).toBeVisible();
    });
  });
}

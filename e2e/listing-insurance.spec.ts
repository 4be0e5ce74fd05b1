import sharp from 'sharp';
import { createPatient, expect, expectAccessibleAndValid, loginThroughBff, test } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import { NEW_YORK, param } from './discovery-helpers';
import type { Page } from '@playwright/test';

/**
 * "the chosen insurance is what the listing's insurance filter starts from". A patient
 * with insurance on file opens the listing with nothing about insurance in the URL: the carrier
 * and plan filters show their insurance and the results follow it; clearing the carrier writes
 * `insurance=any` to the URL, so a reload keeps it cleared.
 */

async function card(color: string): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 380, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function saveOwnInsurance(page: Page): Promise<{ carrierId: number; planId: number }> {
  const origin = test.info().project.use.baseURL!;
  const upload = await page.request.post('/api/images', {
    headers: { origin },
    multipart: {
      purpose: 'insurance',
      images: { name: 'front.png', mimeType: 'image/png', buffer: await card('#0e7490') },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const back = await page.request.post('/api/images', {
    headers: { origin },
    multipart: {
      purpose: 'insurance',
      images: { name: 'back.png', mimeType: 'image/png', buffer: await card('#b45309') },
    },
  });
  expect(back.ok(), await back.text()).toBe(true);
  const [front] = (await upload.json()) as { id: string }[];
  const [backImage] = (await back.json()) as { id: string }[];
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  const carriers = (await (await page.request.get('/api/insurance-carriers')).json()) as {
    id: number;
    plans: { id: number }[];
  }[];
  // Not the first carrier: that one is what an unfiltered menu would happen to start next to.
  const carrier = carriers.find((c, i) => i > 0 && c.plans.length > 1)!;
  const plan = carrier.plans[1]!;
  const saved = await page.request.put('/api/insurance', {
    headers: { origin },
    data: {
      appUserId: me.id,
      isFamilyMember: false,
      insuranceDetails: {
        carrierId: carrier.id,
        planId: plan.id,
        memberId: 'LIST-2026',
        frontImageId: front!.id,
        backImageId: backImage!.id,
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { carrierId: carrier.id, planId: plan.id };
}

for (const { locale, prefix, m } of LANGUAGES) {
  test(`the listing's insurance filter starts from the insurance on file, and clearing it sticks (${locale})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    const { carrierId, planId } = await saveOwnInsurance(page);

    await page.goto(`${prefix}/search-listing?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}`);
    const carrier = page.getByLabel(m.listing.filters.carrier);
    const plan = page.getByLabel(m.listing.filters.plan);
    await expect(carrier).toHaveValue(String(carrierId));
    await expect(plan).toHaveValue(String(planId));
    expect(param(page, 'carrier')).toBeNull();
    // Said above the results, with a way out: a filter nobody chose on the page is not hidden.
    await expect(page.getByRole('link', { name: m.listing.savedPlan.clear })).toBeVisible();
    await expectAccessibleAndValid(page);

    // Another filter keeps it, now written in the URL like any other choice.
    await page.getByLabel(m.listing.filters.radius).selectOption('50');
    await expect.poll(() => param(page, 'radius')).toBe('50');
    expect(param(page, 'carrier')).toBe(String(carrierId));
    expect(param(page, 'plan')).toBe(String(planId));

    // Cleared: "any insurance" in the URL, and a reload keeps it so.
    await carrier.selectOption('');
    await expect.poll(() => param(page, 'insurance')).toBe('any');
    expect(param(page, 'carrier')).toBeNull();
    await expect(carrier).toHaveValue('');
    await expect(plan).toBeHidden();
    await page.reload();
    await expect(page.getByLabel(m.listing.filters.carrier)).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: /\d/ })).toBeVisible();
    await expect(page.getByRole('link', { name: m.listing.savedPlan.clear })).toHaveCount(0);

    // A listing link that says nothing about insurance starts from it again.
    await page.goto(`${prefix}/search-listing?kind=clinics&lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}`);
    await expect(page.getByLabel(m.listing.filters.carrier)).toHaveValue(String(carrierId));
  });
}

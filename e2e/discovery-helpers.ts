import { expect } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * Shared pieces of the discovery specs (home, search, favorites). Data comes from the seeded
 * database through the public /v4 API, so the specs name no provider by hand and survive a
 * change of the seed.
 */

/** Midtown Manhattan: the seed's New York metro has dozens of offices around it. */
export const NEW_YORK = { latitude: 40.75, longitude: -73.98 };
export const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

export function param(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

/** The nearest provider to a point who has a free slot, as /v4 lists them. */
export async function nearbyProvider(
  request: APIRequestContext,
  at = NEW_YORK,
): Promise<{ id: number; displayName: string; lastName: string }> {
  const response = await request.get(`/v4/providers?lat=${at.latitude}&lng=${at.longitude}&pageSize=5&sort=closest`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as {
    items: { id: number; displayName: string; lastName: string; nextSlots: unknown[] }[];
  };
  const provider = items.find((p) => p.nextSlots.length > 0) ?? items[0];
  expect(provider, 'a seeded provider near the point').toBeTruthy();
  return provider!;
}

/** Waits until the location wrapper has written the browser's position into the URL. */
export async function waitForLocationInUrl(page: Page): Promise<void> {
  await expect.poll(() => param(page, 'lat')).not.toBeNull();
}

/** Miles of every result card on the page ("0.2 mi away" / "a 0.2 mi"), in order. */
export async function resultDistances(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').allInnerTexts();
  return texts.map((text) => {
    const match = /(\d+(?:[.,]\d+)?) mi/.exec(text);
    return match ? Number(match[1]!.replace(',', '.')) : Number.NaN;
  });
}

/** Ratings of every result card ("4.5 out of 5"); unrated cards give NaN. */
export async function resultRatings(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').allInnerTexts();
  return texts.map((text) => {
    const match = /(\d(?:[.,]\d)?) (?:out of|de) 5/.exec(text);
    return match ? Number(match[1]!.replace(',', '.')) : Number.NaN;
  });
}

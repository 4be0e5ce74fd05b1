import crypto from 'node:crypto';
import { expect, test } from './fixtures';
import { AROUND_THE_CLOCK_OFFICES } from '../lib/db/seed/around-the-clock-data';
import { tokenizeSandboxCard } from '../lib/api-client/sandbox-accept';
import type { APIRequestContext, Page } from '@playwright/test';

/*
 * Visits at the seeded around-the-clock teledental practices (Phoenix, slots on the full UTC
 * hour; Darwin, on the half hour; README "Demo data"), so a spec can book a visit at any hour
 * that starts soon enough for the office to check it in (from 30 minutes before the start,
 * lib/backend/appointments/office-service.ts), or one less than 24 hours ahead. Everything goes
 * through the public API, as a patient and as the office would.
 */

const MINUTE = 60_000;

export interface AroundTheClockSlot {
  providerId: number;
  officeId: number;
  start: string;
  lastName: string;
  /** The office's key for the office-facing API (`x-office-key`). */
  officeKey: string;
  feeCents: number;
}

export interface BookedVisit {
  appointmentId: string;
  providerId: number;
  officeId: number;
  start: string;
  officeKey: string;
}

/** The practices' dentists, each with their office and its demo key, found through /v4 by the offices' places and names. */
export async function aroundTheClockProviders(request: APIRequestContext) {
  const found: Omit<AroundTheClockSlot, 'start'>[] = [];
  for (const office of AROUND_THE_CLOCK_OFFICES) {
    const response = await request.get(
      `/v4/providers?lat=${office.latitude}&lng=${office.longitude}&visitType=virtual&sort=closest&pageSize=10`,
    );
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as {
      items: {
        id: number;
        lastName: string;
        teledentalFeeCents: number;
        office: { id: number; name: string; teledentalAvailable: boolean };
      }[];
    };
    const staff = items.filter((p) => p.office.name === office.name && p.office.teledentalAvailable);
    expect(staff.length, `the seeded dentists of ${office.name}`).toBe(office.providers.length);
    for (const p of staff) {
      found.push({
        providerId: p.id,
        officeId: p.office.id,
        lastName: p.lastName,
        officeKey: office.demoKey,
        feeCents: p.teledentalFeeCents,
      });
    }
  }
  return found;
}

/**
 * Free slots at the practices starting between `minMinutes` and `maxMinutes` from now, soonest
 * first (parallel specs may take one meanwhile: book them in order until one succeeds).
 */
export async function aroundTheClockSlots(
  request: APIRequestContext,
  minMinutes: number,
  maxMinutes: number,
): Promise<AroundTheClockSlot[]> {
  const now = Date.now();
  const slots: AroundTheClockSlot[] = [];
  for (const provider of await aroundTheClockProviders(request)) {
    // Today and tomorrow in the office's zone cover the next 24 hours.
    const response = await request.get(`/v4/providers/${provider.providerId}/slots?officeId=${provider.officeId}`);
    expect(response.status()).toBe(200);
    const { days } = (await response.json()) as {
      days: { morning: { start: string }[]; afternoon: { start: string }[] }[];
    };
    for (const slot of days.slice(0, 2).flatMap((d) => [...d.morning, ...d.afternoon])) {
      const ahead = Date.parse(slot.start) - now;
      if (ahead >= minMinutes * MINUTE && ahead <= maxMinutes * MINUTE) slots.push({ ...provider, start: slot.start });
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

/** A sandbox card token, made in this process as the browser's Accept.js would. */
export function sandboxCardToken(cardNumber = '4111111111111111') {
  const card = tokenizeSandboxCard({
    cardNumber,
    month: '12',
    year: String(new Date().getFullYear() + 3),
    cardCode: '123',
  });
  expect(card.opaqueData, 'sandbox token').toBeTruthy();
  return card.opaqueData!;
}

/**
 * Books, as the patient logged in on `page` (through the BFF), a paid teledental visit at the
 * practices that starts within the next half hour or so: the soonest free slot more than a
 * minute ahead, which is at most 31 minutes away. `checkIn` waits for the check-in window.
 */
export async function bookVisitStartingSoon(page: Page, request: APIRequestContext): Promise<BookedVisit> {
  const origin = test.info().project.use.baseURL!;
  const reasons = (await (await request.get('/v4/visitReasons')).json()) as { id: number }[];
  for (const slot of await aroundTheClockSlots(request, 1, 31)) {
    const booked = await page.request.post('/api/appointments', {
      headers: { origin },
      data: {
        idempotencyKey: crypto.randomUUID(),
        providerId: slot.providerId,
        officeId: slot.officeId,
        slotStart: slot.start,
        visitType: 'virtual',
        visitReasonId: reasons[0]!.id,
        patientType: 'new',
        notes: 'A cracked filling, upper right.',
        acceptTerms: true,
        payment: { kind: 'newCard', opaqueData: sandboxCardToken() },
      },
    });
    // Taken meanwhile by a parallel spec (409): the next one.
    if (booked.status() === 409) continue;
    expect(booked.status(), await booked.text()).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    return {
      appointmentId: id,
      providerId: slot.providerId,
      officeId: slot.officeId,
      start: slot.start,
      officeKey: slot.officeKey,
    };
  }
  throw new Error(
    'No free slot within the next 31 minutes at the around-the-clock practices (all taken by parallel specs?)',
  );
}

/** The office checks the patient in (status `completed`) through its API, once the window is open. */
export async function checkIn(request: APIRequestContext, visit: BookedVisit): Promise<void> {
  // The window opens 30 minutes before the start; the slot may be up to a minute further out.
  const wait = Date.parse(visit.start) - 30 * MINUTE - Date.now();
  if (wait > 0) {
    // Up to a minute in the last minute before the hour or the half hour: the clock's time, not
    // the test's, so it is added to the test's budget and the test passes at any minute.
    test.setTimeout(test.info().timeout + wait + 1_000);
    await new Promise((resolve) => setTimeout(resolve, wait + 1_000));
  }
  const response = await request.put(`/v4/office/appointments/${visit.appointmentId}/status`, {
    headers: { 'x-office-key': visit.officeKey },
    data: { status: 'completed' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A completed visit of the patient logged in on `page`, ready for a review. */
export async function completedVisit(page: Page, request: APIRequestContext): Promise<BookedVisit> {
  const visit = await bookVisitStartingSoon(page, request);
  await checkIn(request, visit);
  return visit;
}

import { describe, expect, it, vi } from 'vitest';
import { parseListingQuery, withSavedInsurance } from './listing-query';

// The notice's server component needs next-intl's request context; its pure part does not.
vi.mock('next-intl/server', () => ({ getTranslations: vi.fn() }));
vi.mock('@/lib/i18n/navigation', () => ({ Link: () => null }));

const { savedPlanNotice } = await import('./saved-plan-notice');

const carriers = [
  {
    id: 7,
    name: 'Delta Dental',
    plans: [
      { id: 70, name: 'PPO' },
      { id: 71, name: 'Child' },
    ],
  },
  { id: 8, name: 'Aetna', plans: [{ id: 80, name: 'HMO' }] },
];

describe('savedPlanNotice', () => {
  it('names the plan on file the results are narrowed to, and clears it to any insurance', () => {
    const url = parseListingQuery({ lat: '41.88', lng: '-87.63', visitReason: 'cleaning' });
    const filters = withSavedInsurance(url, { carrierId: 7, planId: 71 });
    const notice = savedPlanNotice(filters, carriers);
    expect(notice.name).toBe('Delta Dental, Child');
    const cleared = new URLSearchParams(notice.clearHref.split('?')[1]);
    expect(cleared.get('insurance')).toBe('any');
    expect(cleared.has('carrier')).toBe(false);
    expect(cleared.has('plan')).toBe(false);
    expect(cleared.get('visitReason')).toBe('cleaning');
    // Followed, the cleared link no longer starts from the plan on file.
    expect(
      withSavedInsurance(parseListingQuery(Object.fromEntries(cleared)), { carrierId: 7, planId: 71 }).carrier,
    ).toBeUndefined();
  });

  it('says no name it cannot find', () => {
    const filters = withSavedInsurance(parseListingQuery({ lat: '41.88', lng: '-87.63' }), {
      carrierId: 99,
      planId: 990,
    });
    expect(savedPlanNotice(filters, carriers).name).toBe('');
    expect(savedPlanNotice(filters, undefined).name).toBe('');
  });
});

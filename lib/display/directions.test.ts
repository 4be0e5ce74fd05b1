import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions';

describe('directionsUrl', () => {
  it('links to driving directions, from the user when known', () => {
    expect(directionsUrl({ lat: 30.2672, lng: -97.7431 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=30.2672%2C-97.7431&travelmode=driving',
    );
    const url = new URL(directionsUrl({ lat: 1, lng: 2 }, { lat: 3.5, lng: -4 }));
    expect(url.searchParams.get('origin')).toBe('3.5,-4');
    expect(url.searchParams.get('destination')).toBe('1,2');
  });
});

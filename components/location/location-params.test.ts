import { describe, expect, it } from 'vitest';
import { isLocationExemptPath, isLocationLazyPath, isLocationOnGesturePath, latLngFromParams, sameLatLng, withLatLng } from './location-params';

describe('location query parameters', () => {
  it('reads lat and lng only when both are valid', () => {
    expect(latLngFromParams(new URLSearchParams('lat=30.2672&lng=-97.7431'))).toEqual({ lat: 30.2672, lng: -97.7431 });
    expect(latLngFromParams(new URLSearchParams('lat=30.2672'))).toBeNull();
    expect(latLngFromParams(new URLSearchParams('lat=91&lng=0'))).toBeNull();
    expect(latLngFromParams(new URLSearchParams('lat=&lng='))).toBeNull();
    expect(latLngFromParams(new URLSearchParams('lat=1e3&lng=2'))).toBeNull();
    expect(latLngFromParams(new URLSearchParams('lat=abc&lng=2'))).toBeNull();
  });

  it('writes lat and lng rounded to six decimals and keeps other parameters', () => {
    expect(withLatLng('?tab=2&lat=1&q=x', { lat: 30.267153123, lng: -97.743060999 })).toBe(
      '?tab=2&lat=30.267153&q=x&lng=-97.743061',
    );
    expect(withLatLng('', { lat: 0, lng: 0 })).toBe('?lat=0&lng=0');
  });

  it('compares positions at URL precision', () => {
    expect(sameLatLng({ lat: 1.0000001, lng: 2 }, { lat: 1, lng: 2 })).toBe(true);
    expect(sameLatLng({ lat: 1.00001, lng: 2 }, { lat: 1, lng: 2 })).toBe(false);
    expect(sameLatLng(null, null)).toBe(true);
  });

  it('leaves legal, auth and chat pages alone in both languages', () => {
    for (const path of ['/login', '/es/login', '/reset/abc', '/terms-and-conditions', '/es/privacy-policy', '/chat']) {
      expect(isLocationExemptPath(path), path).toBe(true);
    }
    for (const path of ['/', '/es', '/search-listing', '/es/provider-details/12', '/loginx']) {
      expect(isLocationExemptPath(path), path).toBe(false);
    }
  });

  it('asks nothing by itself on the provider and clinic pages', () => {
    for (const path of ['/provider-details/12', '/es/provider-details/12', '/clinic-details/3', '/es/clinic-details/3']) {
      expect(isLocationLazyPath(path), path).toBe(true);
      expect(isLocationExemptPath(path), path).toBe(false);
    }
    for (const path of ['/', '/es', '/search-listing', '/provider-detailsx/1']) {
      expect(isLocationLazyPath(path), path).toBe(false);
    }
  });

  it('asks on a gesture only on the home and featured search pages', () => {
    for (const path of ['/', '/es', '/featured-search', '/es/featured-search']) {
      expect(isLocationOnGesturePath(path), path).toBe(true);
    }
    for (const path of ['/search-listing', '/favorites', '/es/search-listing', '/provider-details/1', '/featured-searchx']) {
      expect(isLocationOnGesturePath(path), path).toBe(false);
    }
  });

  it('reads coordinates with surrounding spaces like the contract does', () => {
    expect(latLngFromParams(new URLSearchParams('lat=%2030.5%20&lng=-97'))).toEqual({ lat: 30.5, lng: -97 });
    expect(latLngFromParams(new URLSearchParams('lat=-90&lng=180.0'))).toEqual({ lat: -90, lng: 180 });
    expect(latLngFromParams(new URLSearchParams('lat=90.1&lng=0'))).toBeNull();
  });
});

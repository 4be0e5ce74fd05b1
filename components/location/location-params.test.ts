import { describe, expect, it } from 'vitest';
import {
  isLocationExemptPath,
  isLocationLazyPath,
  isLocationOnGesturePath,
  latLngFromCookie,
  latLngFromCookieHeader,
  latLngFromParams,
  locationCookie,
  sameLatLng,
  withLatLng,
} from './location-params';

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

  it('asks nothing by itself where no location drives the page', () => {
    for (const path of [
      '/provider-details/12',
      '/es/provider-details/12',
      '/clinic-details/3',
      '/es/clinic-details/3',
      '/book-new-appointment',
      '/es/all-appointments',
      '/appointment-details/4',
      '/account-section',
      '/favorites',
      '/list-your-practice',
    ]) {
      expect(isLocationLazyPath(path), path).toBe(true);
      expect(isLocationExemptPath(path), path).toBe(false);
    }
    for (const path of ['/', '/es', '/search-listing', '/es/search-listing', '/featured-search', '/login']) {
      expect(isLocationLazyPath(path), path).toBe(false);
    }
  });

  it('asks on a gesture only on the home and featured search pages', () => {
    for (const path of ['/', '/es', '/featured-search', '/es/featured-search']) {
      expect(isLocationOnGesturePath(path), path).toBe(true);
    }
    for (const path of [
      '/search-listing',
      '/favorites',
      '/es/search-listing',
      '/provider-details/1',
      '/featured-searchx',
    ]) {
      expect(isLocationOnGesturePath(path), path).toBe(false);
    }
  });

  it('remembers a place in a cookie of two rounded numbers, and refuses anything else', () => {
    const text = locationCookie({ lat: 41.878113456, lng: -87.629798 }, false);
    expect(text).toMatch(/^chosen_location=41\.878113,-87\.629798; path=\/; max-age=\d+; samesite=lax$/);
    expect(locationCookie({ lat: 1, lng: 2 }, true)).toMatch(/; secure$/);
    expect(latLngFromCookieHeader('a=1; chosen_location=41.878113,-87.629798; b=2')).toEqual({
      lat: 41.878113,
      lng: -87.629798,
    });
    expect(latLngFromCookieHeader('a=1')).toBeNull();
    expect(latLngFromCookie('41.8%2C-87.6')).toEqual({ lat: 41.8, lng: -87.6 });
    for (const bad of ['', '91,0', '1,2,3', 'x,y', '1', undefined])
      expect(latLngFromCookie(bad), String(bad)).toBeNull();
  });

  it('reads coordinates with surrounding spaces like the contract does', () => {
    expect(latLngFromParams(new URLSearchParams('lat=%2030.5%20&lng=-97'))).toEqual({ lat: 30.5, lng: -97 });
    expect(latLngFromParams(new URLSearchParams('lat=-90&lng=180.0'))).toEqual({ lat: -90, lng: 180 });
    expect(latLngFromParams(new URLSearchParams('lat=90.1&lng=0'))).toBeNull();
  });
});

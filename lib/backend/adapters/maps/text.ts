/**
 * Folds text for matching: accents and case are ignored ("san jose" finds "San José") and
 * punctuation counts as a space ("St. Louis" = "st louis", "Winston-Salem" = "winston salem").
 * Letters that do not decompose (ł, ø, ß) keep their form; the gazetteer also indexes each
 * city's ASCII name, which covers them.
 */
import 'server-only';
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A ZIP code or its start as typed: 3 to 5 digits, optionally with a ZIP+4 suffix. */
export function zipPrefixOf(text: string): string | null {
  const match = /^\s*(\d{3,5})(?:-\d{0,4})?\s*$/.exec(text);
  return match ? match[1]! : null;
}

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

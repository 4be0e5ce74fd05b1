/**
 * Background colours of picture-less avatars. Each carries white text at a contrast ratio of at
 * least 4.5:1 (WCAG 1.4.3; the initial can be small), checked by the test beside this file.
 */
export const AVATAR_COLORS = [
  '#6d28d9', // violet
  '#1d4ed8', // blue
  '#0f766e', // teal
  '#b91c1c', // red
  '#a21caf', // fuchsia
  '#c2410c', // orange
  '#15803d', // green
  '#4338ca', // indigo
  '#be185d', // pink
  '#0369a1', // sky
] as const;

export const AVATAR_TEXT_COLOR = '#ffffff';

/** FNV-1a: tiny, stable across runtimes, and spreads similar names apart. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const char of text) {
    h ^= char.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The same name always gets the same colour, whatever its case or padding. */
export function avatarColor(name: string | null | undefined): string {
  const key = (name ?? '').trim().replace(/\s+/gu, ' ').toLocaleLowerCase();
  return AVATAR_COLORS[hash(key) % AVATAR_COLORS.length]!;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

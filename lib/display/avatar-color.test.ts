import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, AVATAR_TEXT_COLOR, avatarColor, contrastRatio } from './avatar-color';

describe('avatarColor', () => {
  it('is deterministic and ignores case and padding', () => {
    expect(avatarColor('Ana Lopez')).toBe(avatarColor('Ana Lopez'));
    expect(avatarColor('  ana   LOPEZ ')).toBe(avatarColor('Ana Lopez'));
  });
  it('always picks a palette colour, even without a name', () => {
    for (const name of ['', undefined, null, 'Zoë', '李小龙', '123']) {
      expect(AVATAR_COLORS).toContain(avatarColor(name));
    }
  });
  it('spreads names over the palette', () => {
    const names = Array.from({ length: 200 }, (_, i) => `Patient ${i}`);
    expect(new Set(names.map(avatarColor)).size).toBe(AVATAR_COLORS.length);
  });
});

describe('palette contrast', () => {
  it.each(AVATAR_COLORS)('%s carries white text at 4.5:1 or more', (color) => {
    expect(contrastRatio(color, AVATAR_TEXT_COLOR)).toBeGreaterThanOrEqual(4.5);
  });
  it('computes known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });
});

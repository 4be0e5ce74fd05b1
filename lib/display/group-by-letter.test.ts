import { describe, expect, it } from 'vitest';
import { DIGIT_GROUP, OTHER_GROUP, groupByFirstLetter, groupLetter } from './group-by-letter';

describe('groupLetter', () => {
  it('upper-cases the first letter', () => {
    expect(groupLetter('aetna')).toBe('A');
    expect(groupLetter('  Cigna')).toBe('C');
  });
  it("puts every digit under '0-9'", () => {
    expect(groupLetter('1st Dental')).toBe(DIGIT_GROUP);
    expect(groupLetter('9 to 5 Smiles')).toBe(DIGIT_GROUP);
  });
  it('folds accents but keeps Ñ', () => {
    expect(groupLetter('Álvarez')).toBe('A');
    expect(groupLetter('ébano')).toBe('E');
    expect(groupLetter('Ñandú')).toBe('Ñ');
  });
  it("puts names without a leading letter under '#'", () => {
    expect(groupLetter('')).toBe(OTHER_GROUP);
    expect(groupLetter(undefined)).toBe(OTHER_GROUP);
    expect(groupLetter('@home dental')).toBe(OTHER_GROUP);
  });
});

describe('groupByFirstLetter', () => {
  const names = [
    'Delta Dental',
    'aetna',
    '1st Choice',
    'Cigna',
    'Ameritas',
    '24 Hour Dental',
    'Ñuñoa Dental',
    '*special',
  ];
  const groups = groupByFirstLetter(names, (n) => n, 'es');

  it('orders digits first, letters alphabetically, others last', () => {
    expect(groups.map((g) => g.letter)).toEqual([DIGIT_GROUP, 'A', 'C', 'D', 'Ñ', OTHER_GROUP]);
  });
  it('keeps the incoming order inside a group', () => {
    expect(groups.find((g) => g.letter === 'A')?.items).toEqual(['aetna', 'Ameritas']);
    expect(groups.find((g) => g.letter === DIGIT_GROUP)?.items).toEqual(['1st Choice', '24 Hour Dental']);
  });
  it('loses and duplicates nothing', () => {
    expect(groups.flatMap((g) => g.items).sort()).toEqual([...names].sort());
  });
  it('works on objects and on an empty list', () => {
    expect(groupByFirstLetter([{ name: 'Bo' }], (x) => x.name)).toEqual([{ letter: 'B', items: [{ name: 'Bo' }] }]);
    expect(groupByFirstLetter([], String)).toEqual([]);
  });
});

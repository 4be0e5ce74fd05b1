import { describe, expect, it } from 'vitest';
import { avatarColor } from './avatar-color';
import { avatarInitial, avatarKey, displayName, firstInitial, firstWord } from './names';

describe('displayName', () => {
  it('joins first and last name', () => {
    expect(displayName({ firstName: 'Ana', lastName: 'Lopez' })).toBe('Ana Lopez');
  });
  it('skips missing parts and tidies whitespace', () => {
    expect(displayName({ firstName: '  Ana ', lastName: null })).toBe('Ana');
    expect(displayName({ firstName: '', lastName: 'Lopez' })).toBe('Lopez');
    expect(displayName('  Ana   Maria  Lopez ')).toBe('Ana Maria Lopez');
  });
  it('is empty for nothing', () => {
    expect(displayName(undefined)).toBe('');
    expect(displayName({})).toBe('');
  });
});

describe('firstWord', () => {
  it('returns the first word', () => {
    expect(firstWord('Ana Maria Lopez')).toBe('Ana');
    expect(firstWord('\tJosé\nPérez')).toBe('José');
  });
  it('is empty for blank input', () => {
    expect(firstWord('   ')).toBe('');
    expect(firstWord(null)).toBe('');
  });
});

describe('firstInitial', () => {
  it('upper-cases the first letter', () => {
    expect(firstInitial('lopez')).toBe('L');
    expect(firstInitial('  ñoño')).toBe('Ñ');
  });
  it('adds a period on request', () => {
    expect(firstInitial('Lopez', { period: true })).toBe('L.');
  });
  it('adds no lone period when there is no letter', () => {
    expect(firstInitial('', { period: true })).toBe('');
  });
  it('keeps characters outside the basic plane whole', () => {
    expect(firstInitial('𝒜lpha')).toBe('𝒜');
  });
});

describe('avatarInitial', () => {
  it('uses the second word when present', () => {
    expect(avatarInitial('Ana Lopez')).toBe('L');
    expect(avatarInitial('ana maria lopez')).toBe('M');
  });
  it('falls back to the first word', () => {
    expect(avatarInitial('Cher')).toBe('C');
    expect(avatarInitial('  émile  ')).toBe('É');
  });
  it('is empty without a name', () => {
    expect(avatarInitial('')).toBe('');
    expect(avatarInitial(undefined)).toBe('');
  });
});

describe('avatar of a person (one rule everywhere)', () => {
  const ashley = { firstName: 'Ashley', lastName: 'Castillo' };
  it('takes the family name from the name fields, not from a display string with a title', () => {
    expect(avatarInitial(ashley)).toBe('C');
    // "Dr. Ashley Castillo" as one text would give "A": the profile page used to pass that.
    expect(avatarKey(ashley)).toBe('Ashley Castillo');
  });
  it('counts a multi-part first or last name as one word', () => {
    expect(avatarInitial({ firstName: 'Ana María', lastName: 'García Márquez' })).toBe('G');
    expect(avatarKey({ firstName: ' Ana  María ', lastName: 'García' })).toBe('Ana María García');
  });
  it('falls back to the first name, then to nothing', () => {
    expect(avatarInitial({ firstName: 'cher', lastName: '' })).toBe('C');
    expect(avatarInitial({ firstName: null, lastName: 'lopez' })).toBe('L');
    expect(avatarInitial({})).toBe('');
  });
  it('gives the same colour key in both languages and from the listing card fields', () => {
    expect(avatarColor(avatarKey(ashley))).toBe(
      avatarColor(avatarKey({ firstName: 'Ashley ', lastName: ' Castillo' })),
    );
    expect(avatarColor(avatarKey(ashley))).toBe(avatarColor('ashley castillo'));
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import { ERROR_CODES } from '../contracts/errors';
import { translate } from './translate';
import type { MessageKey } from './message-keys';

/*
 * STYLE.md habit 8: a test fails when messages/en.json and messages/es.json differ in keys.
 * Every leaf is a non-empty string, and both languages use the same {placeholders}.
 */

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of leaves(value as Tree, name)) out.set(k, v);
    } else {
      out.set(name, value);
    }
  }
  return out;
}

const english = leaves(en as Tree);
const spanish = leaves(es as Tree);

/** {name} placeholders, ignoring ICU plural/select bodies' inner text. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]!))].sort();
}

describe('messages/en.json and messages/es.json', () => {
  it('have exactly the same keys, at every depth', () => {
    const onlyEnglish = [...english.keys()].filter((k) => !spanish.has(k));
    const onlySpanish = [...spanish.keys()].filter((k) => !english.has(k));
    expect({ onlyEnglish, onlySpanish }).toEqual({ onlyEnglish: [], onlySpanish: [] });
  });

  it('hold only non-empty strings', () => {
    const bad = [
      ...[...english].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => `en ${k}`),
      ...[...spanish].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => `es ${k}`),
    ];
    expect(bad).toEqual([]);
  });

  it('use the same {placeholders} in both languages', () => {
    const mismatched = [...english]
      .filter(([key, value]) => spanish.has(key) && typeof value === 'string')
      .filter(([key, value]) => placeholders(value as string).join() !== placeholders(String(spanish.get(key))).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('translate every /v4 error code', () => {
    const missing = ERROR_CODES.filter((code) => !english.has(`api.${code}`) || !spanish.has(`api.${code}`));
    expect(missing).toEqual([]);
  });

  it('translate every validation message key the contracts use', () => {
    const dir = path.join(__dirname, '../contracts');
    const used = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      for (const match of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/'(validation\.\w+)'/g))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter((key) => !english.has(key) || !spanish.has(key));
    expect(missing).toEqual([]);
  });

  it("keep the spec's own English texts (SPEC.md sections 5 and 8)", () => {
    expect(translate('en', 'api.wrongCredentials')).toBe('Invalid email id or password');
    expect(translate('en', 'api.emailNotFound')).toBe("Entered email doesn't exist");
    expect(translate('en', 'api.resetEmailSent')).toBe('We have sent you an email to reset your password');
    expect(translate('en', 'api.invalidCurrentPassword')).toBe('Invalid current password');
    expect(translate('en', 'api.emailTaken')).toBe('This email is already taken');
    expect(translate('en', 'api.sessionExpired')).toBe('Your Session has been expired');
    expect(translate('en', 'api.internal')).toBe('Something went wrong ! Please try again later');
    expect(translate('en', 'validation.passwordWeak')).toBe('Password is too weak.');
    expect(translate('en', 'validation.passwordMismatch')).toBe("Password doesn't match.");
    expect(translate('en', 'validation.minAge')).toBe('User must be 16 years or older');
    expect(translate('en', 'validation.invalidDob')).toBe('Please enter a valid DOB');
    expect(translate('en', 'validation.phoneInvalid')).toBe('Please enter a valid phone number');
    expect(translate('en', 'validation.emailInvalid')).toBe('Please enter a valid email');
    expect(translate('en', 'validation.zipInvalid')).toBe('Please enter a valid zip');
    expect(translate('en', 'validation.termsRequired')).toBe('Please accept Terms of use to proceed');
  });
});

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'api.tooManyAttempts', { minutes: 15 })).toBe(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
    expect(translate('en', 'api.tooManyAttempts')).toContain('{minutes}');
  });

  it('answers the key itself for a missing message rather than throwing', () => {
    expect(translate('es', 'no.such.key' as MessageKey)).toBe('no.such.key');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { profileFieldsSchema } from '@/lib/contracts/user';
import { MAX_NAME_LENGTH } from '@/lib/contracts/validation';
import { useErrorText } from './form-errors';
import { TextField } from './text-field';

/** A field as a form draws it: its limit, and the error of a value one character too long, run through the contract. */
function firstNameField(messages: typeof en, locale: 'en' | 'es', value: string): string {
  const parsed = profileFieldsSchema.shape.firstName.safeParse(value);
  const message = parsed.success ? undefined : parsed.error.issues[0]?.message;
  function Field() {
    const errorText = useErrorText();
    return (
      <TextField
        label="First name"
        name="firstName"
        maxChars={MAX_NAME_LENGTH}
        error={errorText(message, MAX_NAME_LENGTH)}
      />
    );
  }
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="UTC" messages={messages}>
      <Field />
    </NextIntlClientProvider>,
  );
}

describe('a text field with a length limit', () => {
  it('says its limit in a hint tied to the field', () => {
    const html = firstNameField(en, 'en', 'Ana');
    const hint = /<p id="([^"]+)"[^>]*>Up to 50 characters\.<\/p>/.exec(html);
    expect(hint).not.toBeNull();
    expect(html).toContain(`aria-describedby="${hint![1]}"`);
    expect(html).not.toContain('aria-invalid');
  });

  it("names the contract's limit when the value is longer, in both languages", () => {
    const tooLong = 'x'.repeat(MAX_NAME_LENGTH + 1);
    const english = firstNameField(en, 'en', tooLong);
    expect(english).toContain('Please use at most 50 characters.');
    expect(english).toContain('aria-invalid="true"');
    expect(firstNameField(es as typeof en, 'es', tooLong)).toContain(
      es.validation.tooLongMax.replace('{max}', String(MAX_NAME_LENGTH)),
    );
  });
});

import valid from 'card-validator';
import '@/lib/contracts/zod-config';
import { z } from 'zod';

/*
 * The new-card form (SPEC.md section 3 "Credit card form", section 5: 'Enter a valid card
 * number', 'Enter a 3 digit CVV' / 'Enter a 4 digit CVV'). UI-only: the card is tokenised in
 * the browser and never sent to our server, so it has no contract; the server sees only
 * opaque data (lib/contracts/cards.ts).
 */

export const cardFormSchema = z
  .object({
    cardNumber: z.string().refine((v) => valid.number(digitsOf(v)).isValid, 'booking.card.numberInvalid'),
    expiry: z
      .string()
      .refine((v) => /^\s*\d{1,2}\s*\/\s*\d{2}(\d{2})?\s*$/.test(v), {
        message: 'booking.card.expiryFormat',
        abort: true,
      })
      .refine((v) => valid.expirationDate(v).isValid, 'booking.card.expiryInvalid'),
    name: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
    cardCode: z.string(),
    isPrimary: z.boolean(),
    saveCard: z.boolean(),
  })
  // Checked even while another field is wrong (zod skips object refinements then by default),
  // so every problem of the card shows at once.
  .refine(cvvFits(3), { path: ['cardCode'], message: 'booking.card.cvv3', when: always })
  .refine(cvvFits(4), { path: ['cardCode'], message: 'booking.card.cvv4', when: always });

function always(): boolean {
  return true;
}

/** The CVV has `size` digits, or the card's type wants another size (the other rule speaks then). */
function cvvFits(size: 3 | 4) {
  return (value: { cardNumber?: unknown; cardCode?: unknown }) => {
    const number = typeof value.cardNumber === 'string' ? value.cardNumber : '';
    const code = typeof value.cardCode === 'string' ? value.cardCode.trim() : '';
    return cvvSize(number) !== size || new RegExp(`^\\d{${size}}$`).test(code);
  };
}

export type CardFormValues = z.infer<typeof cardFormSchema>;

export const EMPTY_CARD: CardFormValues = {
  cardNumber: '',
  expiry: '',
  name: '',
  cardCode: '',
  isPrimary: false,
  saveCard: false,
};

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** 4 for American Express, 3 for the rest (and while the type is unknown). */
export function cvvSize(cardNumber: string): 3 | 4 {
  return valid.number(digitsOf(cardNumber)).card?.code.size === 4 ? 4 : 3;
}

/** The number grouped as the card type prints it ("4111 1111 1111 1111", "3782 822463 10005"). */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19);
  const card = valid.number(digits).card;
  const gaps = card?.gaps ?? [4, 8, 12];
  const max = card ? Math.max(...card.lengths) : 19;
  let out = '';
  for (const [index, digit] of [...digits.slice(0, max)].entries()) {
    if (gaps.includes(index)) out += ' ';
    out += digit;
  }
  return out;
}

/** "0428" or "04/28" as typed becomes "04/28". */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Month and four-digit year for the tokeniser. */
export function expiryParts(value: string): { month: string; year: string } {
  const { month, year } = valid.expirationDate(value);
  const y = year ?? '';
  return { month: (month ?? '').padStart(2, '0'), year: y.length === 2 ? `20${y}` : y };
}

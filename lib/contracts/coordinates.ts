import { z } from 'zod';
import './zod-config';

/**
 * A number as clients write one: the document calls coordinates numbers, and a client's
 * `String(0.1 + 0.2)` has 17 decimals, `String(1e-7)` an exponent (both were refused).
 * Bounded in length; no hex, no `Infinity`, no empty string (`Number('')` is 0).
 */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d{1,3})?$/;

function decimalParam(limit: number) {
  return z
    .string()
    .max(32, 'validation.invalid')
    .regex(DECIMAL, 'validation.invalid')
    .transform(Number)
    .pipe(z.number().min(-limit, 'validation.outOfRange').max(limit, 'validation.outOfRange'));
}
export const latitudeParam = decimalParam(90).describe('Latitude in degrees (WGS 84).');
export const longitudeParam = decimalParam(180).describe('Longitude in degrees (WGS 84).');

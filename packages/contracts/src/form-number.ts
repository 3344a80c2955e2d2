import { z } from 'zod';

/**
 * A number in a body, also as the text of a form field ("6500"). Unlike `z.coerce.number()`, `null`, `''`, booleans
 * and arrays are not numbers: coerced, they became 0 or 1 (`labourRate: null` approved a dealer at a labour rate of 0).
 */
export const formNumber = (number: z.ZodNumber) =>
  z.union([
    number,
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number)
      .pipe(number),
  ]);

import { encodeMessage, PRICE_MAX, seminarFieldsSchema } from '@elearn/shared';
import { z } from 'zod';

/** "49", "49.5", "49,50" (major units, at most 2 decimals) → minor units; "" → 0. */
export function parsePrice(text: string): number | null {
  const value = text.trim().replace(/['’\s]/g, '');
  if (value === '') return 0;
  if (!/^\d{1,9}([.,]\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value.replace(',', '.')) * 100);
}

/** Minor units → the text of the price field ("49.50"; "0" for free). */
export const priceText = (minor: number) => (minor === 0 ? '0' : (minor / 100).toFixed(2));

/**
 * The seminar form: the shared `seminarFieldsSchema`, but the price is typed in major units
 * (CHF, EUR …) and converted to the minor units the API takes, then checked by the shared rule.
 */
export const seminarFormSchema = seminarFieldsSchema
  .extend({
    price: z
      .string()
      .transform((text, ctx) => {
        const minor = parsePrice(text);
        if (minor === null) {
          ctx.issues.push({ code: 'custom', input: text, message: encodeMessage('validation.invalid') });
          return z.NEVER;
        }
        if (minor > PRICE_MAX) {
          ctx.issues.push({
            code: 'custom',
            input: text,
            message: encodeMessage('validation.number_max', { max: PRICE_MAX / 100 }),
          });
          return z.NEVER;
        }
        return minor;
      })
      // the shared rule (integer, 0 … PRICE_MAX); its input type is `unknown` (coercion)
      .pipe(seminarFieldsSchema.shape.price as unknown as z.ZodType<number, number>),
  })
  .superRefine((value, ctx) => {
    if (value.isCompany && !value.company_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['company_id'],
        message: encodeMessage('seminar.company_required'),
      });
    }
  });

export type SeminarFormInput = z.input<typeof seminarFormSchema>;
export type SeminarFormOutput = z.output<typeof seminarFormSchema>;

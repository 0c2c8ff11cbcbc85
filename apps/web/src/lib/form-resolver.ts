import { encodeMessage } from '@elearn/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadFieldMessages } from './field-messages';
import { currentLocale } from './i18n';

/**
 * Messages for the checks a shared schema left without its own encoded message (for example
 * `z.string().min(1)` on the login password): the same `@validation.*` keys, so `Field` shows
 * them in the page language instead of zod's English default text.
 */
export function fallbackMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? encodeMessage('validation.required')
          : encodeMessage('validation.min', { min: Number(issue.minimum) });
      }
      return encodeMessage('validation.number_min', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? encodeMessage('validation.max', { max: Number(issue.maximum) })
        : encodeMessage('validation.number_max', { max: Number(issue.maximum) });
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? encodeMessage('validation.required')
        : encodeMessage('validation.invalid');
    case 'invalid_format':
      return issue.format === 'email' ? encodeMessage('validation.email') : encodeMessage('validation.regex');
    case 'unrecognized_keys':
      return encodeMessage('validation.unknown_field');
    default:
      return encodeMessage('validation.invalid');
  }
}

/**
 * zodResolver for a shared schema, with localizable fallback messages; the page language's
 * message table (lib/field-messages.ts) is there before it reports a message.
 */
export function formResolver<T extends z.ZodType<FieldValues, FieldValues>>(
  schema: T,
): Resolver<z.input<T>, unknown, z.output<T>> {
  const resolve = zodResolver(schema, { error: fallbackMessage }) as Resolver<
    z.input<T>,
    unknown,
    z.output<T>
  >;
  return async (values, context, options) => {
    await loadFieldMessages(currentLocale()).catch(() => {});
    return resolve(values, context, options);
  };
}

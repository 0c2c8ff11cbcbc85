import { encodeMessage } from '@elearn/shared';
import type { z } from 'zod';
import { validation } from '../errors.ts';

/** Parses `data` with a shared schema outside Fastify's validation (multipart fields); 422 on failure. */
export function validateWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'body';
    const msg = issue.message.startsWith('@')
      ? issue.message
      : issue.code === 'invalid_type'
        ? encodeMessage('validation.required')
        : encodeMessage('validation.invalid');
    const list = fields[key] ?? [];
    if (!list.includes(msg)) list.push(msg);
    fields[key] = list;
  }
  throw validation(fields);
}

/**
 * A route's serializer that skips the response schema's runtime check and writes JSON directly.
 * Only for hot routes whose body is built field by field from a typed DTO (never a raw row), so
 * nothing unlisted can leak; the schema still documents the response in OpenAPI.
 */
export const typedDtoSerializer = () => (data: unknown) => JSON.stringify(data);

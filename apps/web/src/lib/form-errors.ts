import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts the messages of a 422 answer on the form's fields. Returns the message for the form as
 * a whole (errors of fields the form doesn't have, or the answer's message for other errors).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  /** Fields shown outside react-hook-form (e.g. a file input): gets their first message. */
  extra: Record<string, (message: string) => void> = {},
): string | null {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const rest: string[] = [];
  let placed = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const handler = extra[field];
    if (handler) {
      handler(message);
      placed = true;
    } else if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    } else {
      rest.push(message);
    }
  }
  if (rest.length) return rest.join(' ');
  if (placed) return null;
  return error.message;
}

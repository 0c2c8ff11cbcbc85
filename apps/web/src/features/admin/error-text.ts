import { isApiError } from '@/lib/api-client';

/**
 * The text of a failed request for a message outside a form: a 422's field messages (they say
 * what is wrong, e.g. "only corporateTraining users can manage a company"), else the server's
 * message (already in the page language), else the fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const fields = Object.values(error.errors).flat().filter(Boolean);
    if (fields.length > 0) return fields.join(' ');
    return error.message || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

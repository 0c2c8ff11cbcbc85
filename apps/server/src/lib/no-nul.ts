import { encodeMessage } from '@elearn/shared';
import { validation } from '../errors.ts';

/**
 * PostgreSQL text cannot hold U+0000, so no string the client sends may contain it. The keys of
 * every string (or object key) holding one, in Laravel's dot form (`links.0.label`); `base`
 * prefixes them.
 */
export function nulFields(value: unknown, base = '', out: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(base);
    return out;
  }
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return out;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    const path = base ? `${base}.${key}` : key;
    if (key.includes('\u0000')) out.push(path);
    else nulFields(v, path, out, depth + 1);
  }
  return out;
}

/**
 * Whether any string or key in `value` holds a NUL character (the same walk as `nulFields`, without
 * building the keys' paths: every request's input takes this walk, and almost none holds one).
 */
function hasNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (hasNul(v, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Throws 422 `validation_failed` naming every field of `sources` that holds a NUL character.
 * The one rule for all input: the `noNul` plugin applies it to params, query and body of every
 * route, and the multipart readers to each text field they collect.
 */
export function rejectNul(...sources: unknown[]): void {
  if (!sources.some((source) => hasNul(source, 0))) return;
  const fields: string[] = [];
  for (const source of sources) nulFields(source, '', fields);
  if (fields.length === 0) return;
  throw validation(Object.fromEntries(fields.map((f) => [f || 'body', [encodeMessage('validation.nul')]])));
}

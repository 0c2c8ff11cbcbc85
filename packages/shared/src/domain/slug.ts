/**
 * The slug rule of spec section 5: lowercase the text, map accented characters to plain
 * ones, `&` becomes `-and-`, spaces become hyphens, every other character is stripped.
 * Runs of hyphens collapse to one and hyphens at either end are dropped, so the result is
 * a clean URL segment. An input with nothing usable gives an empty string (callers fall
 * back to a default, see {@link uniqueSlug}).
 */
const SPECIAL: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};

export function slugify(text: string): string {
  const lower = text.toLowerCase();
  let mapped = '';
  for (const ch of lower) mapped += SPECIAL[ch] ?? ch;
  return mapped
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A slug for `text` that is not in `taken`: the plain slug when free, else the first free
 * `slug-2`, `slug-3`, … An empty slug falls back to `fallback` (e.g. "seminar").
 */
export function uniqueSlug(text: string, taken: ReadonlySet<string>, fallback = 'item'): string {
  const base = slugify(text).slice(0, 80).replace(/-$/, '') || fallback;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

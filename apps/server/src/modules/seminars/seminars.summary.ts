/** Block elements whose end separates words in the plain text. */
const BLOCK_END = /<\/(p|li|h\d|div|tr|td|th|blockquote|pre|figcaption)>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#039;': "'",
  '&amp;': '&',
};

/**
 * A seminar's description (sanitized HTML, possibly cut in the middle of a tag) as plain text of
 * at most `max` characters, cut at a word with "…" (the catalogue's cards, issue 34). The web
 * escapes it like any text.
 */
export function plainSummary(html: string, max: number): string {
  const text = html
    .replace(BLOCK_END, ' ')
    .replace(/<[^>]*(>|$)/g, '')
    .replace(/&(nbsp|lt|gt|quot|amp|#0*39);/g, (entity) => ENTITIES[entity] ?? "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?–-]+$/, '')}…`;
}

/** Block elements whose end separates words in the plain text. */
const BLOCK_END = /<\/(p|li|h\d|div|tr|td|th|blockquote|pre|figcaption)>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&amp;': '&',
};

/**
 * Sanitized HTML (a seminar's description, possibly cut in the middle of a tag) as plain text of
 * at most `max` characters, cut at a word with "…" (issue 34): the catalogue's cards (server), the
 * meta description and JSON-LD of the seminar's page (web). A string operation, not the DOM, so
 * the server and the browser make the same text. Whoever shows it escapes it like any text.
 */
export function plainText(html: string, max: number): string {
  const text = html
    .replace(BLOCK_END, ' ')
    .replace(/<[^>]*(>|$)/g, '')
    .replace(/&(nbsp|lt|gt|quot|amp);|&#0*39;/g, (entity) => ENTITIES[entity] ?? "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?–-]+$/, '')}…`;
}

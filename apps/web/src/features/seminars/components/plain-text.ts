const BLOCK_END = /<\/(p|li|h\d|div|tr|td|th|blockquote|pre|figcaption)>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&amp;': '&',
};

/**
 * Sanitized HTML (a seminar's description) as plain text of at most `max` characters, cut at a
 * word with "…": the meta description and the JSON-LD of the seminar's page. A string operation,
 * not the DOM, so the server renders the same text as the browser.
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

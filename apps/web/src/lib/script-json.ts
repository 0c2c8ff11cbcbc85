/**
 * JSON inside a script element (the page's data block, JSON-LD): nothing in it ends the element
 * (`</script>`), opens a comment or breaks a line for old parsers; it parses to the same value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

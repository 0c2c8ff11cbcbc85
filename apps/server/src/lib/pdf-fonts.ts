import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** the web app's font (Source Sans Pro, @fontsource) */
const FILES = {
  regular: require.resolve('@fontsource/source-sans-pro/files/source-sans-pro-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/source-sans-pro/files/source-sans-pro-latin-700-normal.woff'),
};

/** a font as pdfkit's parser (fontkit) answers it: pdfkit takes one in place of a file */
type ParsedFont = { layout: (...args: unknown[]) => unknown };
/** pdfkit's own font parser, its dependency (no second copy of it) */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): ParsedFont };

let parsed: { regular: ParsedFont; bold: ParsedFont } | null = null;

/**
 * The PDFs' fonts, read and parsed once per process (issue 38 goal: an invoice PDF in ≤ 150 ms):
 * given a file, pdfkit reads and parses it again for every document. Each document still embeds
 * a subset of its own. Typed as pdfkit's font source, which a parsed font is at run time.
 */
export function pdfFonts(): { regular: Buffer; bold: Buffer } {
  parsed ??= {
    regular: fontkit.create(readFileSync(FILES.regular)),
    bold: fontkit.create(readFileSync(FILES.bold)),
  };
  return parsed as unknown as { regular: Buffer; bold: Buffer };
}

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** the text of every page of a PDF (Mozilla's pdf.js, as a browser reads it), lines as they are drawn */
export async function pdfText(data: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    let out = '';
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) {
        if (!('str' in item)) continue;
        out += item.str + (item.hasEOL ? '\n' : '');
      }
      out += '\n';
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/**
 * The fonts a PDF names (`/BaseFont`) and whether each font descriptor carries its font program
 * (`/FontFile`, `/FontFile2`, `/FontFile3`): read from the file's uncompressed dictionaries, as
 * pdfkit writes them.
 */
export function pdfFonts(data: Uint8Array): { names: string[]; allEmbedded: boolean; descriptors: number } {
  const raw = Buffer.from(data).toString('latin1');
  const names = [...raw.matchAll(/\/BaseFont\s*\/([^\s/<>[\]]+)/g)].map((m) => m[1]!);
  const descriptors = [
    ...raw.matchAll(/<<(?:(?!>>)[\s\S])*\/Type\s*\/FontDescriptor(?:(?!>>)[\s\S])*>>/g),
  ].map((m) => m[0]);
  return {
    names: [...new Set(names)],
    descriptors: descriptors.length,
    allEmbedded: descriptors.length > 0 && descriptors.every((d) => /\/FontFile[23]?\s/.test(d)),
  };
}

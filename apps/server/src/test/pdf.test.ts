import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfText } from './pdf.ts';

const render = (draw: (doc: PDFKit.PDFDocument) => void) =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    draw(doc);
    doc.end();
  });

describe('PDF reading in tests', () => {
  it('reads the text and sees a font that is not embedded', async () => {
    const pdf = await render((doc) => doc.font('Helvetica').text('Grüezi Zertifikat 42'));
    expect(await pdfText(pdf)).toContain('Grüezi Zertifikat 42');
    expect(pdfFonts(pdf)).toMatchObject({ names: ['Helvetica'], allEmbedded: false });
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

const run = promisify(execFile);
const DPI = 200;
const px = (mm: number) => Math.round((mm / 25.4) * DPI);

/**
 * The Swiss QR Code of a QR-bill on the last page of a PDF, decoded as a bank's scanner would: the
 * page rendered by poppler's `pdftoppm` (the area of the payment part's QR code, 67 mm from the
 * left and 17 mm into the bottom 105 mm of an A4 page, with a margin) and read by `jsqr`.
 * Answers the code's lines (LF or CRLF separated), or null when no QR code is found.
 */
export async function decodeQrBill(pdf: Uint8Array): Promise<string[] | null> {
  const dir = await mkdtemp(join(tmpdir(), 'qrbill-'));
  try {
    await writeFile(join(dir, 'bill.pdf'), pdf);
    const { stdout } = await run('pdfinfo', [join(dir, 'bill.pdf')]);
    const pages = Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? 1);
    const margin = 6;
    await run('pdftoppm', [
      ...['-r', String(DPI), '-f', String(pages), '-l', String(pages), '-png', '-singlefile'],
      ...['-x', String(px(67 - margin)), '-y', String(px(297 - 105 + 17 - margin))],
      ...['-W', String(px(46 + 2 * margin)), '-H', String(px(46 + 2 * margin))],
      join(dir, 'bill.pdf'),
      join(dir, 'qr'),
    ]);
    const png = PNG.sync.read(await readFile(join(dir, 'qr.png')));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    return code ? code.data.split(/\r?\n/) : null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

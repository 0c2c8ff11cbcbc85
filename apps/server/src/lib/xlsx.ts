import { PassThrough } from 'node:stream';
import contentDisposition from 'content-disposition';
import type ExcelJSType from 'exceljs';

/**
 * A text cell that a spreadsheet would read as a formula (`= + - @`, tab, CR) gets a leading
 * apostrophe (CWE-1236, SECURITY C-11).
 */
export const safeText = (v: string): string => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** `<label>_<YYYYMMDD-HHmmss>.xlsx` with every character but letters, digits, space, `.-_` replaced */
export function exportFileName(label: string, at: Date): string {
  const base =
    label
      .normalize('NFC')
      .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
      .replace(/\s+/g, ' ')
      .replace(/_+/g, '_')
      .replace(/^[\s._-]+|[\s._-]+$/g, '')
      .slice(0, 80)
      .trim() || 'test';
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-');
  return `${base}_${stamp}.xlsx`;
}

export interface XlsxFile {
  fileName: string;
  /** RFC 6266: an ASCII `filename` (accents dropped) and the exact name as RFC 5987 `filename*` */
  disposition: string;
  body: Buffer;
}

/**
 * A workbook written with exceljs's streaming writer (rows are committed as they are added);
 * `finish(label)` commits it and answers the file with its name and `Content-Disposition`.
 * exceljs is loaded on the first export: it takes a third of a second to load, which every start
 * would otherwise pay.
 */
export async function streamingWorkbook(at: Date): Promise<{
  wb: ExcelJSType.stream.xlsx.WorkbookWriter;
  finish(label: string): Promise<XlsxFile>;
}> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'E-Learning';
  wb.created = at;
  return {
    wb,
    async finish(label) {
      await wb.commit();
      await done;
      const fileName = exportFileName(label, at);
      const ascii = fileName
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^\x20-\x7e]/g, '_');
      return {
        fileName,
        disposition: contentDisposition(fileName, { fallback: ascii }),
        body: Buffer.concat(chunks),
      };
    },
  };
}

import { PassThrough } from 'node:stream';
import { exportFileName } from '@elearn/shared';
import contentDisposition from 'content-disposition';
import type ExcelJSType from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * A text cell that a spreadsheet would read as a formula (`= + - @`, tab, CR) gets a leading
 * apostrophe (CWE-1236, SECURITY C-11).
 */
export const safeText = (v: string): string => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** the media type of an `.xlsx` file */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxFile {
  fileName: string;
  /** RFC 6266: an ASCII `filename` (accents dropped) and the exact name as RFC 5987 `filename*` */
  disposition: string;
  body: Buffer;
}

/** answers an export: the file as an attachment that no cache keeps and no browser sniffs */
export const sendXlsx = (reply: FastifyReply, file: XlsxFile) =>
  reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', file.disposition)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.body);

/**
 * A workbook written with exceljs's streaming writer (rows are committed as they are added);
 * `finish(label)` commits it and answers the file with its name and `Content-Disposition`.
 * exceljs is loaded on the first export: it takes a third of a second to load, which every start
 * would otherwise pay.
 */
export async function streamingWorkbook(at: Date): Promise<{
  wb: ExcelJSType.stream.xlsx.WorkbookWriter;
  finish(label: string, fallback?: string): Promise<XlsxFile>;
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
    async finish(label, fallback) {
      await wb.commit();
      await done;
      const fileName = exportFileName(label, at, fallback);
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

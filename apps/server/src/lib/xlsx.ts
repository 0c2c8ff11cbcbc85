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

/**
 * An export written straight into the answer (issue 36 item 7): `fill` adds and commits rows
 * while exceljs's zip stream flows to the client, and awaits `flowing()` between batches so that
 * no more than about a megabyte waits for a slow client: memory stays flat whatever the number of
 * rows. Whatever may refuse the request (rights, filters) is decided before this is called: once
 * the headers are sent, a failure can only cut the download short (it is logged).
 */
export async function sendXlsxStream(
  reply: FastifyReply,
  opts: { label: string; fallback?: string; at: Date },
  fill: (wb: ExcelJSType.stream.xlsx.WorkbookWriter, flowing: () => Promise<void>) => Promise<void>,
) {
  const out = new PassThrough();
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'E-Learning';
  wb.created = opts.at;
  const fileName = exportFileName(opts.label, opts.at, opts.fallback);
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  const flowing = async () => {
    while (out.readableLength > 1_048_576 && !out.destroyed) await new Promise((r) => setTimeout(r, 5));
    // the client left: stop reading rows
    if (out.destroyed) throw new Error('export stream closed');
  };
  fill(wb, flowing)
    .then(() => wb.commit())
    .catch((err: unknown) => {
      if (out.destroyed) return;
      reply.log.error({ err }, 'xlsx export failed while streaming');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', contentDisposition(fileName, { fallback: ascii }))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(out);
}

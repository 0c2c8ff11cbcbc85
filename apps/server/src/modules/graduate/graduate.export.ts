import { PassThrough } from 'node:stream';
import { type ItemStat, type Locale, t } from '@elearn/shared';
import contentDisposition from 'content-disposition';
import { addItemAnalysisSheet } from '../item-analysis/item-analysis.sheet.ts';

interface ExportRun {
  run: {
    startedAt: Date;
    stoppedAt: Date | null;
    achievedPercent: number | null;
    accomp: boolean | null;
    passed: number;
  };
  user: { firstName: string; lastName: string; email: string };
}
interface ExportStat {
  questionId: number;
  label: string;
  answered: number;
  right: number;
}

/**
 * A text cell that a spreadsheet would read as a formula (`= + - @`, tab, CR) gets a leading
 * apostrophe (CWE-1236, SECURITY C-11).
 */
export const safeText = (v: string): string => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** question labels are sanitized HTML; the sheet shows their text */
export const htmlToText = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/(p|li|h\d|div|tr)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

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

/**
 * The export of a test: a sheet of runs (name, e-mail, start, stop, achieved percent,
 * accomplished, confirmed), a sheet of per-question correct rates and the item analysis, written with exceljs's
 * streaming writer. Headers are in the request's language.
 */
export async function buildExport(opts: {
  label: string;
  runs: ExportRun[];
  stats: ExportStat[];
  /** the item analysis over all stopped runs: the third sheet */
  items: readonly ItemStat[];
  locale: Locale;
  at: Date;
}): Promise<{ fileName: string; disposition: string; body: Buffer }> {
  const l = opts.locale;
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  // loaded on the first export: exceljs takes a third of a second to load, which every start paid
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'E-Learning';
  wb.created = opts.at;
  const yes = t(l, 'mc_export.yes');
  const no = t(l, 'mc_export.no');

  const runs = wb.addWorksheet(t(l, 'mc_export.sheet_runs'));
  runs.columns = [
    { header: t(l, 'mc_export.name'), key: 'name', width: 28 },
    { header: t(l, 'mc_export.email'), key: 'email', width: 32 },
    { header: t(l, 'mc_export.start'), key: 'start', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
    { header: t(l, 'mc_export.stop'), key: 'stop', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
    { header: t(l, 'mc_export.achieved'), key: 'achieved', width: 16 },
    { header: t(l, 'mc_export.accomplished'), key: 'accomplished', width: 14 },
    { header: t(l, 'mc_export.confirmed'), key: 'confirmed', width: 14 },
  ];
  runs.getRow(1).font = { bold: true };
  for (const r of opts.runs) {
    runs
      .addRow({
        name: safeText(`${r.user.firstName} ${r.user.lastName}`.trim()),
        email: safeText(r.user.email),
        start: r.run.startedAt,
        stop: r.run.stoppedAt ?? null,
        achieved: r.run.stoppedAt ? (r.run.achievedPercent ?? 0) : null,
        accomplished: r.run.stoppedAt ? (r.run.accomp ? yes : no) : null,
        confirmed: r.run.passed === 1 ? yes : no,
      })
      .commit();
  }
  runs.commit();

  const questions = wb.addWorksheet(t(l, 'mc_export.sheet_questions'));
  questions.columns = [
    { header: t(l, 'mc_export.question'), key: 'question', width: 60 },
    { header: t(l, 'mc_export.answered'), key: 'answered', width: 14 },
    { header: t(l, 'mc_export.right'), key: 'right', width: 14 },
    { header: t(l, 'mc_export.rate'), key: 'rate', width: 16 },
  ];
  questions.getRow(1).font = { bold: true };
  for (const s of opts.stats) {
    questions
      .addRow({
        question: safeText(htmlToText(s.label)),
        answered: s.answered,
        right: s.right,
        rate: s.answered ? Math.round((s.right / s.answered) * 10000) / 100 : 0,
      })
      .commit();
  }
  questions.commit();
  addItemAnalysisSheet(wb, opts.items, { locale: l, safe: safeText, textOf: htmlToText });
  await wb.commit();
  await done;
  const fileName = exportFileName(opts.label, opts.at);
  // RFC 6266: an ASCII `filename` (accents dropped) and the exact name as RFC 5987 `filename*`
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return {
    fileName,
    disposition: contentDisposition(fileName, { fallback: ascii }),
    body: Buffer.concat(chunks),
  };
}

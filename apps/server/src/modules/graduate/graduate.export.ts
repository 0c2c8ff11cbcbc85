import { type ItemStat, type Locale, t } from '@elearn/shared';
import type ExcelJS from 'exceljs';
import { safeText, streamingWorkbook, type XlsxFile } from '../../lib/xlsx.ts';

/**
 * The item analysis's part of the export (the item-analysis module's, handed in by app.ts: it
 * reads graduate's runs, so graduate does not import it)
 */
export interface ExportItemAnalysis {
  /** the item analysis over all stopped runs of a test */
  questions(test: { id: number; label: string; mode: string }): Promise<readonly ItemStat[]>;
  /** writes it as the export's third sheet */
  addSheet(
    wb: ExcelJS.stream.xlsx.WorkbookWriter,
    items: readonly ItemStat[],
    opts: { locale: Locale; safe: (v: string) => string; textOf: (html: string) => string },
  ): void;
}

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
  addItemSheet: ExportItemAnalysis['addSheet'];
  locale: Locale;
  at: Date;
}): Promise<XlsxFile> {
  const l = opts.locale;
  const { wb, finish } = await streamingWorkbook(opts.at);
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
  opts.addItemSheet(wb, opts.items, { locale: l, safe: safeText, textOf: htmlToText });
  return finish(opts.label);
}

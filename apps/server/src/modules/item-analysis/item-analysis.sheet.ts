import { type ItemStat, type Locale, t } from '@elearn/shared';
import type ExcelJS from 'exceljs';

/** question labels are sanitized HTML; the sheet shows their text (see graduate.export.ts) */
type TextOf = (html: string) => string;

/**
 * The third sheet of the test export (issue 17): one row per question form with its runs,
 * facility, discrimination, upper-minus-lower difference and flags (explained in the request's
 * language), then one row per answer with the share that chose it, overall and in the upper and
 * lower group. Shares in percent; every text goes through `safe` (no formula cells).
 */
export function addItemAnalysisSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  items: readonly ItemStat[],
  opts: { locale: Locale; safe: (v: string) => string; textOf: TextOf },
): void {
  const l = opts.locale;
  const sheet = wb.addWorksheet(t(l, 'mc_export.sheet_items'));
  sheet.columns = [
    { header: t(l, 'mc_export.question'), key: 'question', width: 50 },
    { header: t(l, 'mc_export.version'), key: 'version', width: 9 },
    { header: t(l, 'mc_export.answer'), key: 'answer', width: 30 },
    { header: t(l, 'mc_export.correct'), key: 'correct', width: 9 },
    { header: t(l, 'mc_export.runs'), key: 'runs', width: 11 },
    { header: t(l, 'mc_export.right'), key: 'right', width: 9 },
    { header: t(l, 'mc_export.facility'), key: 'facility', width: 14 },
    { header: t(l, 'mc_export.discrimination'), key: 'discrimination', width: 14 },
    { header: t(l, 'mc_export.upper_lower'), key: 'upperLower', width: 14 },
    { header: t(l, 'mc_export.chosen'), key: 'chosen', width: 12 },
    { header: t(l, 'mc_export.chosen_upper'), key: 'chosenUpper', width: 14 },
    { header: t(l, 'mc_export.chosen_lower'), key: 'chosenLower', width: 14 },
    { header: t(l, 'mc_export.flags'), key: 'flags', width: 70 },
  ];
  sheet.getRow(1).font = { bold: true };
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 100);
  const yes = t(l, 'mc_export.yes');
  const no = t(l, 'mc_export.no');
  for (const item of items) {
    const row = sheet.addRow({
      question: opts.safe(opts.textOf(item.label)),
      version: item.versions > 1 ? item.version : null,
      runs: item.runs,
      right: item.right,
      facility: item.facility,
      discrimination: item.discrimination,
      upperLower: item.upper_lower,
      flags: opts.safe(item.flags.map((f) => t(l, `item_analysis.flag.${f}`)).join(' ')),
    });
    row.font = { bold: true };
    row.commit();
    for (const answer of item.answers) {
      sheet
        .addRow({
          answer: opts.safe(answer.label),
          correct: answer.correct ? yes : no,
          chosen: pct(answer.share),
          chosenUpper: pct(answer.upper_share),
          chosenLower: pct(answer.lower_share),
        })
        .commit();
    }
  }
  sheet.commit();
}

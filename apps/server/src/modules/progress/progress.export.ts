import { type LearnerProgressRow, type Locale, t } from '@elearn/shared';
import { safeText, streamingWorkbook, type XlsxFile } from '../../lib/xlsx.ts';

/**
 * The learners of a seminar with their progress as an Excel workbook (one sheet): name, e-mail,
 * booking, chapters done, tests passed, progress, videos watched, completion date, certificate.
 * Headers in the request's language; text cells guarded against formulas (SECURITY C-11).
 */
export async function buildProgressExport(opts: {
  title: string;
  rows: LearnerProgressRow[];
  locale: Locale;
  at: Date;
}): Promise<XlsxFile> {
  const l = opts.locale;
  const { wb, finish } = await streamingWorkbook(opts.at);
  const sheet = wb.addWorksheet(t(l, 'progress_export.sheet'));
  sheet.columns = [
    { header: t(l, 'progress_export.name'), key: 'name', width: 28 },
    { header: t(l, 'progress_export.email'), key: 'email', width: 32 },
    { header: t(l, 'progress_export.source'), key: 'source', width: 12 },
    { header: t(l, 'progress_export.chapters'), key: 'chapters', width: 16 },
    { header: t(l, 'progress_export.tests'), key: 'tests', width: 16 },
    { header: t(l, 'progress_export.percent'), key: 'percent', width: 14 },
    { header: t(l, 'progress_export.coverage'), key: 'coverage', width: 18 },
    {
      header: t(l, 'progress_export.completed'),
      key: 'completed',
      width: 20,
      style: { numFmt: 'yyyy-mm-dd hh:mm' },
    },
    { header: t(l, 'progress_export.certificate'), key: 'certificate', width: 34 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of opts.rows) {
    const p = r.progress;
    sheet
      .addRow({
        name: safeText(`${r.user.first_name} ${r.user.last_name}`.trim()),
        email: safeText(r.user.email),
        source: t(l, `progress_export.source_${r.source}`),
        chapters: `${p.chapters_done}/${p.chapters_total}`,
        tests: `${p.tests_passed}/${p.tests_total}`,
        percent: p.percent,
        coverage: p.video_coverage === null ? null : Math.round(p.video_coverage * 100),
        completed: p.completed_at ? new Date(p.completed_at) : null,
        certificate: p.certificate
          ? `${p.certificate.code}${p.certificate.revoked_at ? ` (${t(l, 'progress_export.revoked')})` : ''}`
          : null,
      })
      .commit();
  }
  sheet.commit();
  return finish(opts.title, 'progress');
}

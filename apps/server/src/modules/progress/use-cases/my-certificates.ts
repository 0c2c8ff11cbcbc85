import type { Locale, MyCertificateDto } from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import { certificatePolicy } from '../../../policies/certificate.policy.ts';
import { renderCertificatePdf } from '../certificate.pdf.ts';
import { certificateFor, type ProgressContext } from '../progress.context.ts';
import { certificateDto, iso } from '../progress.dto.ts';
import { progressRepository as repo } from '../progress.repository.ts';
import { myProgress } from './my-progress.ts';

/** the caller's certificates, the newest first */
export async function myCertificates(ctx: ProgressContext, actor: AuthUser): Promise<MyCertificateDto[]> {
  // completions the caller reached since they last looked are issued first
  await myProgress(ctx, actor);
  const rows = await repo.certificatesOf(ctx.db, actor.id);
  return rows.map((r) => ({
    ...certificateDto(r.certificate),
    seminar_slug: r.slug ?? null,
    issued_at: iso(r.certificate.issuedAt),
  }));
}

/** the PDF: for its learner, the seminar's owner and admins */
export async function certificatePdf(ctx: ProgressContext, actor: AuthUser, code: string, locale: Locale) {
  const row = await certificateFor(ctx, actor, code, certificatePolicy.download);
  const body = await renderCertificatePdf(
    {
      code: row.code,
      learnerName: row.learnerName,
      seminarTitle: row.seminarTitle,
      trainerName: row.trainerName,
      hours: row.hours ?? null,
      completedAt: row.completedAt,
    },
    locale,
    ctx.config.appUrl,
  );
  return { body, fileName: `${locale === 'en' ? 'certificate' : 'zertifikat'}-${row.code}.pdf` };
}

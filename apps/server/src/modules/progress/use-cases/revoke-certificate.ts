import type { CertificateDto } from '@elearn/shared';
import { AppError } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { certificatePolicy } from '../../../policies/certificate.policy.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import { certificateFor, type ProgressContext } from '../progress.context.ts';
import { certificateDto } from '../progress.dto.ts';
import { progressRepository as repo } from '../progress.repository.ts';

/** revokes a certificate (owner of its seminar at issue, admins), audited; 409 when revoked already */
export async function revokeCertificate(
  ctx: ProgressContext,
  actor: AuthUser,
  code: string,
  reason: string,
): Promise<CertificateDto> {
  const row = await certificateFor(ctx, actor, code, certificatePolicy.revoke);
  if (row.revokedAt) throw new AppError(409, 'certificate.already_revoked', 'certificate.already_revoked');
  const at = new Date(ctx.now());
  const updated = await ctx.db.transaction(async (tx) => {
    const u = await repo.revoke(tx, row.id, actor.id, reason, at);
    if (!u) return undefined;
    await auditRepository.record(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action: 'certificate.revoked',
        targetType: 'certificate',
        targetId: row.id,
        targetLabel: `${row.seminarTitle}: ${row.learnerName}`,
        before: { revoked: false },
        after: { revoked: true, reason },
      },
      at,
    );
    return u;
  });
  if (!updated) throw new AppError(409, 'certificate.already_revoked', 'certificate.already_revoked');
  return certificateDto(updated);
}

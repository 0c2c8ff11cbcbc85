import type { SeminarDto, SeminarFields } from '@elearn/shared';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import { removeStored } from '../../../lib/storage.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { SeminarsContext } from '../seminars.context.ts';
import { seminarsRepository as repo } from '../seminars.repository.ts';
import { requireManage } from './access-seminar.ts';
import { checkCompany } from './create-seminar.ts';
import { getSeminar } from './get-seminar.ts';

/** @throws seminar.company_required (422) */
export async function updateSeminar(
  ctx: SeminarsContext,
  actor: AuthUser,
  id: number,
  fields: SeminarFields,
  imagePath: string | null,
): Promise<SeminarDto> {
  const seminar = await requireManage(ctx, actor, id);
  const companyId = await checkCompany(ctx, fields);
  const removeOld = imagePath !== null || fields.remove_image === true;
  await repo.update(ctx.db, id, {
    title: fields.title,
    description: sanitizeRichText(fields.description),
    price: fields.price,
    ...(fields.language ? { language: fields.language } : {}),
    isPublic: fields.is_public,
    isCompany: fields.isCompany,
    companyId,
    ...(removeOld ? { imagePath } : {}),
  });
  if (removeOld && seminar.imagePath) await removeStored(ctx.fileStore, seminar.imagePath);
  ctx.invalidateTotal();
  return getSeminar(ctx, actor, { id });
}

export async function togglePublic(ctx: SeminarsContext, actor: AuthUser, id: number): Promise<SeminarDto> {
  const seminar = await requireManage(ctx, actor, id);
  await repo.update(ctx.db, id, { isPublic: !seminar.isPublic });
  ctx.invalidateTotal();
  return getSeminar(ctx, actor, { id });
}

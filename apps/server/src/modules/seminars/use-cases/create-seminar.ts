import { encodeMessage, type SeminarDto, type SeminarFields, uniqueSlug } from '@elearn/shared';
import { forbidden, validation } from '../../../errors.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { seminarPolicy } from '../../../policies/seminar.policy.ts';
import type { SeminarsContext } from '../seminars.context.ts';
import { toDto } from '../seminars.dto.ts';
import { seminarsRepository as repo, type SeminarRow } from '../seminars.repository.ts';

/** @throws seminar.company_required (422) when a company seminar names no existing company */
export async function checkCompany(ctx: SeminarsContext, fields: SeminarFields) {
  if (!fields.isCompany) return null;
  if (!fields.company_id || !(await ctx.companyExists(fields.company_id))) {
    throw validation(
      { company_id: [encodeMessage('seminar.company_required')] },
      'seminar.company_required',
      'seminar.company_required',
    );
  }
  return fields.company_id;
}

/** @throws seminar.company_required (422) */
export async function createSeminar(
  ctx: SeminarsContext,
  actor: AuthUser,
  fields: SeminarFields,
  imagePath: string | null,
): Promise<SeminarDto> {
  if (!seminarPolicy.create(actor)) throw forbidden();
  const { db } = ctx;
  const companyId = await checkCompany(ctx, fields);
  const base = {
    title: fields.title,
    description: sanitizeRichText(fields.description),
    price: fields.price,
    currency: ctx.config.currency,
    language: fields.language ?? 'de',
    isPublic: fields.is_public,
    isCompany: fields.isCompany,
    companyId,
    ownerId: actor.id,
    imagePath,
  };
  let row: SeminarRow | undefined;
  for (let attempt = 0; attempt < 3 && !row; attempt++) {
    const slug = uniqueSlug(
      fields.title,
      await repo.slugsLike(db, uniqueSlug(fields.title, new Set(), 'seminar')),
      'seminar',
    );
    try {
      row = await repo.insert(db, { ...base, slug });
    } catch (err) {
      if ((err as { code?: string }).code !== '23505' || attempt === 2) throw err;
    }
  }
  ctx.invalidateTotal();
  const full = await repo.findListRow(db, { id: row!.id });
  return toDto(full!, actor, false);
}

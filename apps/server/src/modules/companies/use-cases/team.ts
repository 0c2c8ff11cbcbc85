import {
  dueDateOf,
  dueState,
  encodeMessage,
  type Locale,
  type TeamPage,
  type TeamQuery,
  type TeamRow,
  type TeamState,
  t,
} from '@elearn/shared';
import type ExcelJSType from 'exceljs';
import type { FastifyReply } from 'fastify';
import { validation } from '../../../errors.ts';
import { collectGarbage } from '../../../lib/memory.ts';
import { safeText, sendXlsxStream } from '../../../lib/xlsx.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import type { TeamEntryRow, TeamFilter, TeamKey } from '../../enrolments/enrolments.service.ts';
import type { CompaniesContext } from '../companies.context.ts';
import { managedCompany } from '../company-guards.ts';

/** rows the export reads per statement (and per run of the progress read model) */
export const TEAM_EXPORT_BATCH = 500;
/** a full collection after this many batches (5,000 rows) of an export (lib/memory.ts) */
const COLLECT_EVERY_BATCHES = 10;

const keyOf = (r: TeamEntryRow): TeamKey => [r.lastName, r.firstName, r.userId, r.seminarTitle, r.seminarId];
const encodeCursor = (k: TeamKey) => Buffer.from(JSON.stringify(k)).toString('base64url');

/** a cursor of this API back to its sort key; 422 on anything else */
function decodeCursor(field: 'after' | 'before', value: string | undefined): TeamKey | undefined {
  if (value === undefined) return undefined;
  let k: unknown;
  try {
    k = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    k = null;
  }
  const ok =
    Array.isArray(k) &&
    k.length === 5 &&
    typeof k[0] === 'string' &&
    typeof k[1] === 'string' &&
    Number.isSafeInteger(k[2]) &&
    typeof k[3] === 'string' &&
    Number.isSafeInteger(k[4]);
  if (!ok) throw validation({ [field]: [encodeMessage('validation.invalid')] });
  return k as TeamKey;
}

const filterOf = (q: TeamQuery): TeamFilter => ({ seminarId: q.seminar_id, state: q.state, q: q.q });

/** the rows of a page with their progress facts (the progress read model), due date and state */
async function withFacts(ctx: CompaniesContext, rows: TeamEntryRow[], now: Date): Promise<TeamRow[]> {
  const facts = await ctx.progress.teamFacts(rows.map((r) => ({ userId: r.userId, seminarId: r.seminarId })));
  return rows.map((r) => {
    const f = facts.get(`${r.userId}/${r.seminarId}`);
    const completedAt = f?.completedAt ?? (r.completedAt ? r.completedAt.toISOString() : null);
    const state: TeamState =
      dueState(r.dueAt, completedAt ? new Date(completedAt) : null, now) ?? ('none' as const);
    return {
      user: { id: r.userId, first_name: r.firstName, last_name: r.lastName, email: r.email },
      seminar: { id: r.seminarId, title: r.seminarTitle, slug: r.seminarSlug },
      percent: f?.percent ?? 0,
      last_activity: f?.lastActivity ? f.lastActivity.toISOString() : null,
      best_result: f?.bestResult ?? null,
      completed_at: completedAt,
      certificate: f?.certificate ?? null,
      due_date: r.dueAt ? dueDateOf(r.dueAt) : null,
      state,
    };
  });
}

/**
 * `GET /api/companies/{id}/team` (issue 36 item 7): the company's manager (or an admin) sees per
 * employee and seminar the progress, last activity, best test result, certificate, due date and
 * state; filtered by seminar, state and a search of name and e-mail; sorted by name and seminar,
 * paged by keyset (`after` = a page's `next`, `before` = its `prev`, `last=1` the last page).
 * @throws 404 unknown company, 403 not its manager, 422 a cursor that is not one of ours
 */
export async function teamPage(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
  q: TeamQuery,
): Promise<TeamPage> {
  await managedCompany(ctx, actor, companyId);
  const after = decodeCursor('after', q.after);
  const before = after ? undefined : decodeCursor('before', q.before);
  const toLast = !after && !before && q.last === '1';
  const now = new Date(ctx.now());
  const filter = filterOf(q);
  const team = ctx.enrolments.team();
  const [{ rows, more }, total] = await Promise.all([
    team.page(companyId, filter, { after, before, last: toLast, limit: q.per_page }, now),
    team.count(companyId, filter, now),
  ]);
  const first = rows[0];
  const last = rows[rows.length - 1];
  const backwards = !!before || toLast;
  return {
    data: await withFacts(ctx, rows, now),
    per_page: q.per_page,
    total,
    next: last && !toLast && (backwards || more) ? encodeCursor(keyOf(last)) : null,
    prev: first && (backwards ? more : !!after) ? encodeCursor(keyOf(first)) : null,
  };
}

function columns(l: Locale) {
  return [
    { header: t(l, 'team_export.name'), key: 'name', width: 28 },
    { header: t(l, 'team_export.email'), key: 'email', width: 32 },
    { header: t(l, 'team_export.seminar'), key: 'seminar', width: 36 },
    { header: t(l, 'team_export.percent'), key: 'percent', width: 14 },
    {
      header: t(l, 'team_export.last_activity'),
      key: 'activity',
      width: 20,
      style: { numFmt: 'yyyy-mm-dd hh:mm' },
    },
    { header: t(l, 'team_export.best_result'), key: 'best', width: 18 },
    {
      header: t(l, 'team_export.completed'),
      key: 'completed',
      width: 20,
      style: { numFmt: 'yyyy-mm-dd hh:mm' },
    },
    { header: t(l, 'team_export.certificate'), key: 'certificate', width: 34 },
    { header: t(l, 'team_export.due_date'), key: 'due', width: 14 },
    { header: t(l, 'team_export.state'), key: 'state', width: 14 },
  ];
}

function addRow(sheet: ExcelJSType.Worksheet, l: Locale, r: TeamRow) {
  sheet
    .addRow({
      name: safeText(`${r.user.first_name} ${r.user.last_name}`.trim()),
      email: safeText(r.user.email),
      seminar: safeText(r.seminar.title),
      percent: r.percent,
      activity: r.last_activity ? new Date(r.last_activity) : null,
      best: r.best_result === null ? null : Math.round(r.best_result * 10) / 10,
      completed: r.completed_at ? new Date(r.completed_at) : null,
      certificate: r.certificate
        ? `${r.certificate.code}${r.certificate.revoked_at ? ` (${t(l, 'team_export.revoked')})` : ''}`
        : null,
      due: r.due_date,
      state: t(l, `team_export.state_${r.state}`),
    })
    .commit();
}

/**
 * `GET /api/companies/{id}/team/export`: every row of the team view that matches the filters
 * (the page is ignored) as an Excel workbook written into the answer while it is read, batch by
 * batch in the view's order, so memory stays flat for any size of company.
 * @throws 404 unknown company, 403 not its manager (both before anything is sent)
 */
export async function exportTeam(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
  q: TeamQuery,
  locale: Locale,
  reply: FastifyReply,
) {
  const company = await managedCompany(ctx, actor, companyId);
  const now = new Date(ctx.now());
  const filter = filterOf(q);
  const team = ctx.enrolments.team();
  return sendXlsxStream(
    reply,
    { label: `${company.name} team`, fallback: 'team', at: now },
    async (wb, flowing) => {
      const sheet = wb.addWorksheet(t(locale, 'team_export.sheet'));
      sheet.columns = columns(locale);
      sheet.getRow(1).font = { bold: true };
      let after: TeamKey | undefined;
      let batches = 0;
      for (;;) {
        const { rows, more } = await team.page(companyId, filter, { after, limit: TEAM_EXPORT_BATCH }, now);
        for (const r of await withFacts(ctx, rows, now)) addRow(sheet, locale, r);
        if (++batches % COLLECT_EVERY_BATCHES === 0) collectGarbage();
        await flowing();
        const last = rows[rows.length - 1];
        if (!more || !last) break;
        after = keyOf(last);
      }
      sheet.commit();
    },
  );
}

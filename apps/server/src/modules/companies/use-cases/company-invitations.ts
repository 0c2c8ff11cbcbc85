import type { CompanyRegisterBody, Locale } from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256Hex } from '../../../lib/crypto.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { type CompaniesContext, DAY_MS, iso } from '../companies.context.ts';
import { companiesRepository as companies } from '../companies.repository.ts';
import { liveInvitation, managedCompany } from '../company-guards.ts';
import { invitationsRepository as invitations } from '../invitations.repository.ts';

/*
 * The company's invitation link for new employees: a manager makes (or replaces) it, whoever
 * holds it registers a new account into the company.
 */

const live = (ctx: CompaniesContext, token: string, ip: string) =>
  liveInvitation(ctx, token, ip, (hash) => invitations.invitationByHash(ctx.db, hash));

export async function createInvitation(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
  days: number,
) {
  const { now } = ctx;
  const found = await managedCompany(ctx, actor, companyId);
  const token = randomToken(32);
  const row = await invitations.replaceInvitation(
    ctx.db,
    {
      companyId,
      tokenHash: sha256Hex(token),
      createdBy: actor.id,
      expiresAt: new Date(now() + days * DAY_MS),
    },
    new Date(now()),
  );
  return {
    token,
    url: `${ctx.config.appUrl}/company/${encodeURIComponent(found.shortName)}/register?token=${token}`,
    expires_at: iso(row.expiresAt),
  };
}

export async function invitationState(ctx: CompaniesContext, actor: AuthUser, companyId: number) {
  await managedCompany(ctx, actor, companyId);
  const row = await invitations.currentInvitation(ctx.db, companyId, new Date(ctx.now()));
  return {
    active: !!row,
    expires_at: row ? iso(row.expiresAt) : null,
    created_at: row ? iso(row.createdAt) : null,
  };
}

export async function revokeInvitation(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
): Promise<void> {
  await managedCompany(ctx, actor, companyId);
  await invitations.revokeInvitations(ctx.db, companyId, new Date(ctx.now()));
}

/** @throws invitation.invalid (404), invitation.expired (410), 429 after too many guesses */
export async function invitationInfo(ctx: CompaniesContext, token: string, ip: string) {
  const { invitation, company: c } = await live(ctx, token, ip);
  return { company: { name: c.name, shortName: c.shortName }, expires_at: iso(invitation.expiresAt) };
}

/** registers a new user into the invitation's company (same rules and mails as /api/register) */
export async function registerWithInvitation(
  ctx: CompaniesContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: CompanyRegisterBody,
  locale: Locale,
) {
  const { invitation } = await live(ctx, body.token, req.ip);
  const { token: _token, ...fields } = body;
  // the membership begins when the new address is verified (the invitation promises so)
  return ctx.auth.register(req, reply, fields, locale, async (user, tx) => {
    await companies.addPendingMember(tx, invitation.companyId, user.id);
  });
}

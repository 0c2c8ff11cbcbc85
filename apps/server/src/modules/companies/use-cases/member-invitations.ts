import {
  type Locale,
  MEMBER_INVITATION_DAYS,
  type MemberInvitationDto,
  type MemberInvitationInfo,
} from '@elearn/shared';
import { AppError, conflict, notFound, tooManyRequests } from '../../../errors.ts';
import { randomToken, sha256Hex } from '../../../lib/crypto.ts';
import { companyInvitationMail } from '../../../lib/mail-templates.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import { type CompaniesContext, DAY_MS } from '../companies.context.ts';
import { companiesRepository as companies } from '../companies.repository.ts';
import { liveInvitation, managedCompany } from '../company-guards.ts';
import { memberInvitationsRepository as invitations } from '../member-invitations.repository.ts';

/*
 * Members by e-mail (issue 11 item 18): a manager invites an address and its holder decides. The
 * answer is the same for every address (an account or not, verified or not), so a manager learns
 * nothing about who has an account, and nobody joins a company without their consent: the
 * holder logs in with the invited address, verified, and accepts.
 */

/** invitations a company may send per hour (a manager cannot mail the world) */
const INVITES_PER_HOUR = 50;

const live = (ctx: CompaniesContext, token: string, ip: string) =>
  liveInvitation(ctx, token, ip, (hash) => invitations.byHash(ctx.db, hash));

/**
 * Stores (or renews) the address's invitation and queues its mail in the same transaction: the
 * same work for every address. 409 only for an address of a member, whom the
 * manager sees in the list anyway.
 * @throws company.already_member (409), 429 after INVITES_PER_HOUR
 */
export async function inviteMember(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
  email: string,
  locale: Locale,
) {
  const { db, config } = ctx;
  const found = await managedCompany(ctx, actor, companyId);
  if (await invitations.isMemberAddress(db, companyId, email)) {
    throw conflict('company.already_member', 'company.already_member');
  }
  const sent = await ctx.counter.hit(`member-invite:${companyId}`, 3600);
  if (sent.count > INVITES_PER_HOUR * config.rateLimitFactor) {
    throw tooManyRequests(sent.resetInSeconds || 3600);
  }
  const token = randomToken(32);
  const at = ctx.now();
  const prefix = locale === 'en' ? '/en' : '';
  const mail = companyInvitationMail(locale, {
    company: found.name,
    inviter: `${actor.firstName} ${actor.lastName}`.trim() || actor.username,
    url: `${config.appUrl}${prefix}/company/join/${token}`,
    days: MEMBER_INVITATION_DAYS,
  });
  await db.transaction(async (tx) => {
    await invitations.upsert(tx, {
      companyId,
      email,
      tokenHash: sha256Hex(token),
      invitedBy: actor.id,
      createdAt: new Date(at),
      expiresAt: new Date(at + MEMBER_INVITATION_DAYS * DAY_MS),
    });
    await ctx.mailer.send({ to: email, ...mail }, { tx });
  });
}

export async function listMemberInvitations(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
): Promise<MemberInvitationDto[]> {
  await managedCompany(ctx, actor, companyId);
  const rows = await invitations.listFor(ctx.db, companyId);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    expired: r.expiresAt.getTime() <= ctx.now(),
  }));
}

/** the link stops working; 404 for an invitation of another company */
export async function revokeMemberInvitation(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
  invitationId: number,
) {
  await managedCompany(ctx, actor, companyId);
  if (!(await invitations.remove(ctx.db, companyId, invitationId))) throw notFound();
}

/** what the link shows (a guest too: it says which address to log in with) */
export async function memberInvitationInfo(
  ctx: CompaniesContext,
  token: string,
  ip: string,
): Promise<MemberInvitationInfo> {
  const { invitation, company } = await live(ctx, token, ip);
  return {
    company: { name: company.name, shortName: company.shortName },
    email: invitation.email,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/**
 * The holder of the invited address joins (the route asks for a verified address). Accepting
 * again, or as a member already, changes nothing (a manager stays manager).
 * @throws company.invitation_other_address (403) for any other account
 */
export async function acceptMemberInvitation(
  ctx: CompaniesContext,
  actor: AuthUser,
  token: string,
  ip: string,
) {
  const { invitation, company } = await live(ctx, token, ip);
  if (!companyPolicy.acceptInvitation(actor, invitation)) {
    throw new AppError(403, 'company.invitation_other_address', 'company.invitation_other_address');
  }
  await ctx.db.transaction(async (tx) => {
    if ((await companies.memberIds(tx, company.id, [actor.id])).size === 0) {
      await companies.addMember(tx, company.id, actor.id, false);
    }
    await invitations.remove(tx, company.id, invitation.id);
  });
  return company;
}

import { AppError, forbidden, notFound, tooManyRequests } from '../../errors.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { companyPolicy } from '../../policies/company.policy.ts';
import type { CompaniesContext } from './companies.context.ts';
import { companiesRepository as companies } from './companies.repository.ts';

/*
 * The checks every company use case starts with: the company and the actor's rights (the
 * decision is companyPolicy's), token guessing.
 */

/** failed token look-ups (access links, invitations) per IP and minute before 429 (SECURITY A-10, D-14) */
const TOKEN_FAILURES = 30;
const TOKEN_WINDOW_S = 60;

/** 404 for an unknown company, 403 unless the actor passes `allowed` */
export async function companyFor(
  ctx: CompaniesContext,
  actor: AuthUser,
  id: number,
  allowed: (a: AuthUser, id: number) => boolean,
) {
  const found = await companies.findById(ctx.db, id);
  if (!found) throw notFound();
  if (!allowed(actor, id)) throw forbidden();
  return found;
}

/** the company, when the actor manages it (404 unknown, 403 otherwise) */
export const managedCompany = (ctx: CompaniesContext, actor: AuthUser, id: number) =>
  companyFor(ctx, actor, id, companyPolicy.manage);

/**
 * Reserves a token look-up of this IP before it runs (atomically, so parallel guesses cannot
 * overtake the count); 429 once the IP failed too often. A look-up that finds its token gives
 * the reservation back (`foundToken`), so only failures count.
 */
export async function guardTokenGuessing(ctx: CompaniesContext, ip: string) {
  const r = await ctx.counter.reserve(
    `token-guess:${ip}`,
    TOKEN_WINDOW_S,
    TOKEN_FAILURES * ctx.config.rateLimitFactor,
  );
  if (!r.allowed) throw tooManyRequests(r.resetInSeconds || TOKEN_WINDOW_S);
}

/** gives back the reservation of a look-up that found its token */
export const foundToken = (ctx: CompaniesContext, ip: string) => ctx.counter.release(`token-guess:${ip}`);

/**
 * An invitation (company link or member invitation) by its token, counted against guessing:
 * `find` looks it up by the token's hash.
 * @throws invitation.invalid (404: unknown or revoked), invitation.expired (410), 429
 */
export async function liveInvitation<T extends { invitation: { expiresAt: Date; revokedAt?: Date | null } }>(
  ctx: CompaniesContext,
  token: string,
  ip: string,
  find: (tokenHash: string) => Promise<T | undefined>,
): Promise<T> {
  const at = ctx.now();
  await guardTokenGuessing(ctx, ip);
  const row = token.length <= 100 ? await find(sha256Hex(token)) : undefined;
  if (!row || row.invitation.revokedAt) throw new AppError(404, 'invitation.invalid', 'invitation.invalid');
  await foundToken(ctx, ip);
  if (row.invitation.expiresAt.getTime() <= at) {
    throw new AppError(410, 'invitation.expired', 'invitation.expired');
  }
  return row;
}

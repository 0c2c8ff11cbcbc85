import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound, tooManyRequests } from '../../errors.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { companyPolicy } from '../../policies/company.policy.ts';
import { companiesRepository as companies } from './companies.repository.ts';

/** failed token look-ups (access links, invitations) per IP and minute before 429 (SECURITY A-10, D-14) */
const TOKEN_FAILURES = 30;
const TOKEN_WINDOW_S = 60;

export type CompanyGuards = ReturnType<typeof createCompanyGuards>;

/** The checks every company use case starts with: the company and the actor's rights, token guessing. */
export function createCompanyGuards(deps: { db: Db; config: AppConfig; counter: RateCounter }) {
  const { db, config, counter } = deps;

  /** 404 for an unknown company, 403 unless the actor passes `allowed` */
  async function company(actor: AuthUser, id: number, allowed: (a: AuthUser, id: number) => boolean) {
    const found = await companies.findById(db, id);
    if (!found) throw notFound();
    if (!allowed(actor, id)) throw forbidden();
    return found;
  }

  /**
   * Reserves a token look-up of this IP before it runs (atomically, so parallel guesses cannot
   * overtake the count); 429 once the IP failed too often. A look-up that finds its token gives
   * the reservation back (`foundToken`), so only failures count.
   */
  async function guardTokenGuessing(ip: string) {
    const r = await counter.reserve(
      `token-guess:${ip}`,
      TOKEN_WINDOW_S,
      TOKEN_FAILURES * config.rateLimitFactor,
    );
    if (!r.allowed) throw tooManyRequests(r.resetInSeconds || TOKEN_WINDOW_S);
  }
  /** gives back the reservation of a look-up that found its token */
  const foundToken = (ip: string) => counter.release(`token-guess:${ip}`);

  return {
    company,
    managed: (actor: AuthUser, id: number) => company(actor, id, companyPolicy.manage),
    guardTokenGuessing,
    foundToken,
    /**
     * An invitation (company link or member invitation) by its token, counted against guessing:
     * `find` looks it up by the token's hash.
     * @throws invitation.invalid (404: unknown or revoked), invitation.expired (410), 429
     */
    async liveInvitation<T extends { invitation: { expiresAt: Date; revokedAt?: Date | null } }>(
      token: string,
      ip: string,
      at: number,
      find: (tokenHash: string) => Promise<T | undefined>,
    ): Promise<T> {
      await guardTokenGuessing(ip);
      const row = token.length <= 100 ? await find(sha256Hex(token)) : undefined;
      if (!row || row.invitation.revokedAt)
        throw new AppError(404, 'invitation.invalid', 'invitation.invalid');
      await foundToken(ip);
      if (row.invitation.expiresAt.getTime() <= at) {
        throw new AppError(410, 'invitation.expired', 'invitation.expired');
      }
      return row;
    },
  };
}

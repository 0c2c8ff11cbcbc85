import type { UserDto } from '@elearn/shared';
import { authDataChanged } from '../../lib/auth-cache.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { toUserDto } from '../users/users.presenter.ts';
import type { UserRow } from '../users/users.service.ts';
import {
  type AuthDeps,
  createAuthContext,
  sendReset,
  sendVerification,
  verificationUrl,
} from './auth.context.ts';
import { login, logout } from './use-cases/login.ts';
import {
  changePassword,
  defineResetJob,
  forgetResetToken,
  forgotPassword,
  resetPassword,
} from './use-cases/passwords.ts';
import { openAvatar, updateProfile } from './use-cases/profile.ts';
import { register } from './use-cases/register.ts';
import { resendVerification, verifyEmail } from './use-cases/verify-email.ts';

export { type AuthDeps, LINK_MINUTES } from './auth.context.ts';

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Accounts: login with Laravel-style throttling, registration with e-mail verification through
 * signed links, password reset with hashed single-use tokens, profile and password changes.
 * Each use case is a file in use-cases/; this composes them over one context.
 */
export function createAuthService(deps: AuthDeps) {
  const ctx = createAuthContext(deps);
  return {
    verificationUrl: (user: Pick<UserRow, 'id' | 'email' | 'locale'>) => verificationUrl(ctx, user),

    /** defines the module's kinds of job on the queue (at start; workers where JOB_WORKERS is on) */
    defineJobs: () => defineResetJob(ctx),

    /** registers work that follows a verified address (another module's own table) */
    onEmailVerified(listener: (userId: number) => Promise<void>) {
      ctx.verifiedListeners.push(listener);
    },

    /** registers work that follows a successful login (another module's own table) */
    onLogin(listener: (userId: number) => Promise<void>) {
      ctx.loginListeners.push(listener);
    },

    /** the user of the session; memberships come with the session lookup (no extra query) */
    currentUser(user: AuthUser): UserDto {
      return toUserDto(
        user,
        user.companies.map(({ id, name, shortName }) => ({ id, name, shortName })),
      );
    },

    login: (...a: Args<typeof login>) => login(ctx, ...a),
    logout: (...a: Args<typeof logout>) => logout(ctx, ...a),
    register: (...a: Args<typeof register>) => register(ctx, ...a),
    verifyEmail: (...a: Args<typeof verifyEmail>) => verifyEmail(ctx, ...a),
    resendVerification: (...a: Args<typeof resendVerification>) => resendVerification(ctx, ...a),
    forgotPassword: (...a: Args<typeof forgotPassword>) => forgotPassword(ctx, ...a),
    forgetResetToken: (email: string) => forgetResetToken(ctx, email),

    /** an admin sends the verification mail again (no throttle: admins only) */
    sendVerificationTo: (user: UserRow) => sendVerification(ctx, user),
    /** ends every session of the user at once (an admin disabled the account) */
    async endSessionsOf(userId: number): Promise<void> {
      await ctx.sessions.destroyAllForUser(userId);
      authDataChanged();
    },
    /** an admin starts a password reset for the user */
    sendResetTo: (user: UserRow) => sendReset(ctx, user),

    resetPassword: (...a: Args<typeof resetPassword>) => resetPassword(ctx, ...a),
    changePassword: (...a: Args<typeof changePassword>) => changePassword(ctx, ...a),
    updateProfile: (...a: Args<typeof updateProfile>) => updateProfile(ctx, ...a),
    openAvatar: (userId: number) => openAvatar(ctx, userId),
  };
}

/** a use case's parameters after its context */
type Args<F> = F extends (ctx: never, ...rest: infer R) => unknown ? R : never;

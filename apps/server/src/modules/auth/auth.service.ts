import type { Readable } from 'node:stream';
import {
  AVATAR_MAX_BYTES,
  type ChangePasswordBody,
  encodeMessage,
  type Locale,
  type LoginBody,
  type ProfileFields,
  type RegisterBody,
  type ResetPasswordBody,
  type UserDto,
} from '@elearn/shared';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { AppError, tooManyRequests, unauthenticated, validation } from '../../errors.ts';
import { authDataChanged } from '../../lib/auth-cache.ts';
import { hmacHex, randomToken, safeEqual, sha1Hex, sha256Hex } from '../../lib/crypto.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { actionMail, emailChangedMail } from '../../lib/mail-templates.ts';
import { hashPassword, isCommonPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import { removeStored, storeBuffer } from '../../lib/storage.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { AuthUser, SessionManager } from '../../plugins/session.ts';
import { toUserDto } from '../users/users.presenter.ts';
import { type UserRow, usersService } from '../users/users.service.ts';

export const LINK_MINUTES = 60;
const AVATAR_EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const AVATAR_TYPE: Record<string, string> = Object.fromEntries(
  Object.entries(AVATAR_EXT).map(([mime, ext]) => [ext, mime]),
);

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  counter: RateCounter;
  /** where avatars are stored */
  fileStore: FileStore;
  sessions: SessionManager;
  now?: () => number;
}

export type AuthService = ReturnType<typeof createAuthService>;

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/**
 * Accounts: login with Laravel-style throttling, registration with e-mail verification through
 * signed links, password reset with hashed single-use tokens, profile and password changes.
 */
export function createAuthService(deps: AuthDeps) {
  const { db, config, mailer, counter } = deps;
  const now = deps.now ?? Date.now;
  const f = config.rateLimitFactor;
  const localePrefix = (l: Locale) => (l === 'en' ? '/en' : '');
  /** run once a user's address is verified (companies: a pending membership begins) */
  const verifiedListeners: ((userId: number) => Promise<void>)[] = [];
  /** run after a successful login, before the session starts (privacy: a pending deletion ends) */
  const loginListeners: ((userId: number) => Promise<void>)[] = [];

  async function throttle(key: string, limit: number, windowSeconds: number) {
    const { count, resetInSeconds } = await counter.hit(key, windowSeconds);
    if (count > limit * f) throw tooManyRequests(resetInSeconds);
  }

  const signVerification = (id: number, hash: string, expires: number) =>
    hmacHex(config.sessionSecret, `verify|${id}|${hash}|${expires}`);

  function verificationUrl(user: Pick<UserRow, 'id' | 'email' | 'locale'>): string {
    const expires = Math.floor(now() / 1000) + LINK_MINUTES * 60;
    const hash = sha1Hex(user.email);
    const signature = signVerification(user.id, hash, expires);
    const locale: Locale = user.locale === 'en' ? 'en' : 'de';
    return `${config.appUrl}${localePrefix(locale)}/email/verify/${user.id}/${hash}?expires=${expires}&signature=${signature}`;
  }

  async function sendVerification(user: UserRow) {
    const locale: Locale = user.locale === 'en' ? 'en' : 'de';
    const mail = actionMail('verify', locale, user.firstName, verificationUrl(user), LINK_MINUTES);
    return mailer.send({ to: user.email, ...mail });
  }

  /** stores a fresh reset token (the previous one ends); returns the mail with the link */
  async function prepareReset(user: UserRow) {
    const token = randomToken(32);
    await db
      .insert(passwordResetTokens)
      .values({ email: user.email, tokenHash: sha256Hex(token), createdAt: new Date(now()) })
      .onConflictDoUpdate({
        target: passwordResetTokens.email,
        set: { tokenHash: sha256Hex(token), createdAt: new Date(now()) },
      });
    const locale: Locale = user.locale === 'en' ? 'en' : 'de';
    const url = `${config.appUrl}${localePrefix(locale)}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
    return { to: user.email, ...actionMail('reset', locale, user.firstName, url, LINK_MINUTES) };
  }

  /** @throws validation_failed (422) for a password on the top-3,000 list */
  function refuseCommon(password: string, field = 'password') {
    if (isCommonPassword(password))
      throw validation({ [field]: [encodeMessage('validation.common_password')] });
  }

  async function dto(user: UserRow): Promise<UserDto> {
    return toUserDto(user, await usersService.companiesOf(db, user.id));
  }

  return {
    verificationUrl,

    /** registers work that follows a verified address (another module's own table) */
    onEmailVerified(listener: (userId: number) => Promise<void>) {
      verifiedListeners.push(listener);
    },

    /** registers work that follows a successful login (another module's own table) */
    onLogin(listener: (userId: number) => Promise<void>) {
      loginListeners.push(listener);
    },

    /** the user of the session; memberships come with the session lookup (no extra query) */
    currentUser(user: AuthUser): UserDto {
      return toUserDto(
        user,
        user.companies.map(({ id, name, shortName }) => ({ id, name, shortName })),
      );
    },

    /** @throws auth.throttled (429), auth.failed (422), auth.disabled (403) */
    async login(req: FastifyRequest, reply: FastifyReply, body: LoginBody): Promise<UserDto> {
      const emailKey = `login:${body.email}|${req.ip}`;
      const ipKey = `login-ip:${req.ip}`;
      // the attempt is reserved before the password check, atomically, so that however many
      // requests run in parallel at most 5 checks per e-mail+IP and 50 per IP run in a window
      const perIp = await counter.reserve(ipKey, 600, 50 * f);
      if (!perIp.allowed) throw tooManyRequests(perIp.resetInSeconds, 'auth.throttled');
      const perEmail = await counter.reserve(emailKey, 60, 5 * f);
      if (!perEmail.allowed) {
        await counter.release(ipKey);
        throw tooManyRequests(perEmail.resetInSeconds, 'auth.throttled');
      }

      const user = await usersService.findByEmail(db, body.email);
      const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (!user || !ok) {
        req.log.info({ event: 'login_failed' }, 'login failed');
        throw validation({ email: [encodeMessage('auth.failed')] }, 'auth.failed', 'auth.failed');
      }
      // a successful login does not count: the e-mail's failures end, the IP's reservation returns
      await Promise.all([counter.clear(emailKey), counter.release(ipKey)]);
      if (user.disabledAt) throw new AppError(403, 'auth.disabled', 'auth.disabled');
      for (const listener of loginListeners) await listener(user.id);
      if (needsRehash(user.passwordHash)) {
        await usersService.setPassword(db, user.id, await hashPassword(body.password));
      }
      // a new session id and CSRF token at login; the pre-login session ends (no fixation)
      await endCurrentSession(req, reply);
      await deps.sessions.start(req, reply, { userId: user.id, remember: body.remember ?? false });
      req.log.info({ event: 'login', userId: user.id }, 'login');
      return dto(user);
    },

    async logout(req: FastifyRequest, reply: FastifyReply) {
      await deps.sessions.destroy(req, reply);
      // a fresh guest session so that the SPA has a valid CSRF token right away
      await deps.sessions.start(req, reply, { userId: null });
      // "storage" only: "cookies" would also drop the consent and language cookies, which the spec
      // keeps for 365 days; the session itself is deleted on the server and its cookie replaced
      reply.header('Clear-Site-Data', '"storage"');
    },

    /**
     * @throws validation_failed (422) for taken username or e-mail, rate_limited (429)
     * `mailSent` is false when the verification mail could not be sent or written.
     * `onCreated` runs right after the user row exists (a company registration adds the membership) */
    async register(
      req: FastifyRequest,
      reply: FastifyReply,
      body: RegisterBody,
      locale: Locale,
      onCreated?: (user: UserRow) => Promise<void>,
    ) {
      await throttle(`register:${req.ip}`, 10, 3600);
      const fields: Record<string, string[]> = {};
      if (isCommonPassword(body.password)) fields.password = [encodeMessage('validation.common_password')];
      if (await usersService.usernameTaken(db, body.username))
        fields.username = [encodeMessage('validation.username_taken')];
      if (await usersService.emailTaken(db, body.email))
        fields.email = [encodeMessage('validation.email_taken')];
      if (Object.keys(fields).length) throw validation(fields);
      const passwordHash = await hashPassword(body.password);
      let user: UserRow;
      try {
        user = await usersService.create(db, {
          username: body.username,
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          passwordHash,
          locale: body.locale ?? locale,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw validation({ email: [encodeMessage('validation.email_taken')] });
        throw err;
      }
      if (onCreated) await onCreated(user);
      req.log.info({ event: 'register', userId: user.id }, 'registered');
      await endCurrentSession(req, reply);
      await deps.sessions.start(req, reply, { userId: null });
      // the account stands even when the mail cannot be written (disk full, SMTP away): the answer
      // says so, and the user asks for a new link after logging in
      const mailSent = await sendVerification(user);
      if (!mailSent)
        req.log.warn({ event: 'verification_mail_failed', userId: user.id }, 'verification mail not sent');
      return { user, mailSent };
    },

    /** @throws auth.verify_invalid / auth.verify_expired (403) */
    async verifyEmail(id: number, hash: string, expires: string | undefined, signature: string | undefined) {
      const exp = Number(expires);
      const invalid = () => new AppError(403, 'auth.verify_invalid', 'auth.verify_invalid');
      if (!signature || !expires || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{40}$/.test(hash))
        throw invalid();
      if (!safeEqual(signature, signVerification(id, hash, exp))) throw invalid();
      if (exp * 1000 < now()) throw new AppError(403, 'auth.verify_expired', 'auth.verify_expired');
      const user = await usersService.findById(db, id);
      if (!user || !safeEqual(hash, sha1Hex(user.email))) throw invalid();
      if (user.emailVerifiedAt) return { alreadyVerified: true };
      await usersService.markVerified(db, user.id, new Date(now()));
      for (const listener of verifiedListeners) await listener(user.id);
      return { alreadyVerified: false };
    },

    async resendVerification(req: FastifyRequest, email: string | undefined) {
      await throttle(`verify-resend:${req.ip}`, 6, 60);
      const target = req.user
        ? await usersService.findById(db, req.user.id)
        : email
          ? await usersService.findByEmail(db, email)
          : undefined;
      if (!target && !email && !req.user) throw unauthenticated();
      if (!target || target.emailVerifiedAt || target.disabledAt) return;
      const perEmail = await counter.hit(`verify-mail:${target.email}`, 60);
      if (perEmail.count > 1 * f) return;
      await sendVerification(target);
    },

    /**
     * Counts the attempt and returns the rest as a job for after the answer (look-up, token, mail):
     * until the answer is sent, a known and an unknown address cost the same, so its timing does
     * not tell whether the address has an account. Null when the address had its mail this minute.
     */
    async forgotPassword(req: FastifyRequest, email: string): Promise<(() => Promise<void>) | null> {
      await throttle(`forgot-ip:${req.ip}`, 6, 60);
      const perEmail = await counter.hit(`forgot:${email}`, 60);
      if (perEmail.count > 1 * f) return null;
      return async () => {
        const user = await usersService.findByEmail(db, email);
        if (!user || user.disabledAt) return;
        await mailer.send(await prepareReset(user));
      };
    },

    /** drops an address's open password reset token (an erased account, issue 19) */
    async forgetResetToken(email: string) {
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, email));
    },

    /** an admin sends the verification mail again (no throttle: admins only) */
    sendVerificationTo: (user: UserRow) => sendVerification(user),
    /** ends every session of the user at once (an admin disabled the account) */
    async endSessionsOf(userId: number): Promise<void> {
      await deps.sessions.destroyAllForUser(userId);
      authDataChanged();
    },
    /** an admin starts a password reset for the user */
    sendResetTo: async (user: UserRow) => mailer.send(await prepareReset(user)),

    /** @throws auth.reset_invalid (422) for an unknown, used, foreign or expired token */
    async resetPassword(body: ResetPasswordBody) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.email, body.email))
        .limit(1);
      const invalid = () =>
        validation(
          { email: [encodeMessage('auth.reset_invalid')] },
          'auth.reset_invalid',
          'auth.reset_invalid',
        );
      if (!row || !safeEqual(row.tokenHash, sha256Hex(body.token))) throw invalid();
      if (now() - row.createdAt.getTime() > LINK_MINUTES * 60_000) {
        await db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, body.email));
        throw invalid();
      }
      const user = await usersService.findByEmail(db, body.email);
      if (!user || user.disabledAt) throw invalid();
      refuseCommon(body.password);
      const passwordHash = await hashPassword(body.password);
      // single use: the token row goes first, so a concurrent second use finds nothing
      const deleted = await db
        .delete(passwordResetTokens)
        .where(eq(passwordResetTokens.email, body.email))
        .returning({ email: passwordResetTokens.email });
      if (deleted.length === 0) throw invalid();
      await usersService.setPassword(db, user.id, passwordHash);
      await deps.sessions.destroyAllForUser(user.id);
    },

    async changePassword(req: FastifyRequest, user: AuthUser, body: ChangePasswordBody) {
      const row = await usersService.findById(db, user.id);
      if (!row) throw unauthenticated();
      if (!(await verifyPassword(row.passwordHash, body.current_password))) {
        throw validation({ current_password: [encodeMessage('validation.current_password')] });
      }
      refuseCommon(body.password);
      await usersService.setPassword(db, user.id, await hashPassword(body.password));
      // decision (ASVS 7.4.3): a password change ends every other session of the user
      await deps.sessions.destroyAllForUser(user.id, req.session?.id);
    },

    /** @throws validation_failed (422) for taken names, bad avatar type or size */
    async updateProfile(
      user: AuthUser,
      fields: ProfileFields,
      avatar: { data: Buffer; truncated: boolean } | null,
    ): Promise<UserDto> {
      const errors: Record<string, string[]> = {};
      if (await usersService.usernameTaken(db, fields.username, user.id))
        errors.username = [encodeMessage('validation.username_taken')];
      if (await usersService.emailTaken(db, fields.email, user.id))
        errors.email = [encodeMessage('validation.email_taken')];
      const current = await usersService.findById(db, user.id);
      if (!current) throw unauthenticated();
      // a new address takes over the account's mails and password resets: only its owner may set it
      if (fields.email !== current.email && !errors.email) {
        if (!fields.current_password) {
          errors.current_password = [encodeMessage('validation.current_password_for_email')];
        } else if (!(await verifyPassword(current.passwordHash, fields.current_password))) {
          errors.current_password = [encodeMessage('validation.current_password')];
        }
      }
      let avatarExt: string | null = null;
      if (avatar) {
        if (avatar.truncated || avatar.data.length > AVATAR_MAX_BYTES) {
          errors.avatar = [encodeMessage('validation.image_size', { max: AVATAR_MAX_BYTES / 1024 / 1024 })];
        } else {
          const type = await fileTypeFromBuffer(avatar.data);
          avatarExt = type ? (AVATAR_EXT[type.mime] ?? null) : null;
          if (!avatarExt) errors.avatar = [encodeMessage('validation.image_type')];
        }
      }
      if (Object.keys(errors).length) throw validation(errors);

      let avatarPath = current.avatarPath;
      if (avatar && avatarExt) {
        avatarPath = await storeBuffer(deps.fileStore, 'avatars', avatarExt, avatar.data);
      }
      const emailChanged = fields.email !== current.email;
      let updated: UserRow | undefined;
      try {
        updated = await usersService.updateProfile(db, current, {
          username: fields.username,
          email: fields.email,
          firstName: fields.first_name,
          lastName: fields.last_name,
          avatarPath,
        });
      } catch (err) {
        if (avatarPath !== current.avatarPath && avatarPath) await removeStored(deps.fileStore, avatarPath);
        if (isUniqueViolation(err)) throw validation({ email: [encodeMessage('validation.email_taken')] });
        throw err;
      }
      if (!updated) throw unauthenticated();
      if (avatarPath !== current.avatarPath && current.avatarPath) {
        await removeStored(deps.fileStore, current.avatarPath);
      }
      if (emailChanged) {
        await sendVerification(updated);
        const locale: Locale = updated.locale === 'en' ? 'en' : 'de';
        const notice = emailChangedMail(locale, {
          name: updated.firstName || updated.username,
          newEmail: updated.email,
          url: `${config.appUrl}${localePrefix(locale)}/impress`,
        });
        await mailer.send({ to: current.email, ...notice });
      }
      return dto(updated);
    },

    /** The user's avatar (its bytes, size and type), or null when there is none. */
    async openAvatar(userId: number): Promise<{ body: Readable; size: number; type: string } | null> {
      const row = await usersService.findById(db, userId);
      if (!row?.avatarPath) return null;
      const type = AVATAR_TYPE[row.avatarPath.split('.').pop() ?? ''];
      if (!type) return null;
      const info = await deps.fileStore.stat(row.avatarPath);
      if (!info) return null;
      return { body: await deps.fileStore.read(row.avatarPath), size: info.size, type };
    },
  };

  async function endCurrentSession(req: FastifyRequest, reply: FastifyReply) {
    if (req.session) await deps.sessions.destroy(req, reply);
  }
}

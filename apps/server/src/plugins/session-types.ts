import type { Scope } from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  scopes: Scope[];
  locale: 'de' | 'en';
  emailVerifiedAt: Date | null;
  avatarPath: string | null;
  /** the companies the user belongs to; `manager` = corporateTraining user of that company */
  companies: CompanyMembership[];
}

export interface CompanyMembership {
  id: number;
  name: string;
  shortName: string;
  manager: boolean;
}

export interface SessionState {
  /** SHA-256 of the cookie value: the primary key of the row */
  id: string;
  userId: number | null;
  csrfToken: string;
  remember: boolean;
  createdAt: Date;
  lastActivityAt: Date;
}

export interface SessionManager {
  cookieNames: { session: string; xsrf: string };
  /** cookies carry Secure (APP_URL is https) */
  secure: boolean;
  /**
   * a new session (new id, new CSRF token) for `userId`; the caller destroys the old one. A guest
   * (`userId` null) gets no row: only a signed CSRF token in the readable cookie.
   */
  start(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { userId: number | null; remember?: boolean },
  ): Promise<void>;
  /** ends the request's session and clears its cookies */
  destroy(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** ends every session of a user except `keepId` (password change/reset, disabling) */
  destroyAllForUser(userId: number, keepId?: string): Promise<void>;
  /** a user's sessions as the data export shows them (no ids or tokens) */
  listForUser(userId: number): Promise<
    {
      createdAt: Date;
      lastActivityAt: Date;
      remember: boolean;
      ip: string | null;
      userAgent: string | null;
    }[]
  >;
  /** deletes expired rows; returns how many */
  sweep(): Promise<number>;
}

import type { FastifyReply } from 'fastify';
import type { AuthService } from './auth.service.ts';

/** what the auth route groups are registered with */
export interface AuthRoutesOptions {
  auth: AuthService;
  /** the built web app's page, for browsers following the verification link */
  serveAppPage?: (reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRoutesOptions } from './admin.route-options.ts';
import { adminCompanyRoutes } from './admin-companies.routes.ts';
import { adminJobRoutes } from './admin-jobs.routes.ts';
import { adminSeminarAndReportRoutes } from './admin-reports.routes.ts';
import { adminUserRoutes } from './admin-users.routes.ts';

export type { AdminRoutesOptions } from './admin.route-options.ts';

/**
 * The admin area (docs/api/admin.md): admins only, every change audited. Four groups registered
 * in this order: users, companies, seminars with payments and the audit trail, the job queue.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, opts) => {
  await app.register(adminUserRoutes, opts);
  await app.register(adminCompanyRoutes, opts);
  await app.register(adminSeminarAndReportRoutes, opts);
  await app.register(adminJobRoutes, opts);
};

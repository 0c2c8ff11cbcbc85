import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentsService } from '../payments/payments.service.ts';
import { accessLinkRoutes } from './access-links.routes.ts';
import type { CompaniesService } from './companies.service.ts';
import { companyBillingRoutes } from './company-billing.routes.ts';
import { companyBookingRoutes } from './company-bookings.routes.ts';
import { companyInvitationRoutes } from './company-invitations.routes.ts';
import { companyMemberRoutes } from './company-members.routes.ts';
import { seatPackageRoutes } from './seat-packages.routes.ts';
import { teamRoutes } from './team.routes.ts';

/**
 * Companies, company bookings, assignments and access links (spec section 7 "Companies";
 * docs/api/companies.md): one route plugin per group, registered in this order.
 */
export const companyRoutes: FastifyPluginAsyncZod<{
  companies: CompaniesService;
  payments: PaymentsService;
}> = async (app, { companies, payments }) => {
  await app.register(companyMemberRoutes, { companies });
  await app.register(companyInvitationRoutes, { companies });
  await app.register(companyBookingRoutes, { companies, payments });
  await app.register(seatPackageRoutes, { companies, payments });
  await app.register(companyBillingRoutes, { companies, payments });
  await app.register(accessLinkRoutes, { companies });
  await app.register(teamRoutes, { companies });
};

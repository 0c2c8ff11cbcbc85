import type { AdminService } from './admin.service.ts';

/** what the admin route groups are registered with */
export interface AdminRoutesOptions {
  admin: AdminService;
}

export const tags = ['admin'];

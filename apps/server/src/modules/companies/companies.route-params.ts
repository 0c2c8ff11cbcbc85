import { z } from 'zod';

/** the OpenAPI tag of every company route */
export const tags = ['companies'];
/** a token from a link (invitations, access links) */
export const tokenParams = z.object({ token: z.string().min(1).max(200) });

import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';
import { pageQuery, paginated } from './common.ts';

/** Contract: docs/api/privacy.md (issue 19: data export and account deletion) */

/** how long an account waits between the request and its erasure (a login undoes it) */
export const DELETION_GRACE_DAYS = 14;
/** how long a prepared export may be downloaded */
export const EXPORT_VALID_HOURS = 24;

export const EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const dataExportDtoSchema = z.object({
  id: z.number().int(),
  /** whose data (the caller, or for an admin the person asked for) */
  user_id: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  size: z.number().int().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** the download address while it is ready and not expired */
  download_url: z.string().nullable(),
});
export type DataExportDto = z.infer<typeof dataExportDtoSchema>;
export const dataExportListSchema = z.object({ data: z.array(dataExportDtoSchema) });

export const deletionStateSchema = z.object({
  pending: z.boolean(),
  requested_at: z.string().nullable(),
  /** the day the account is erased unless its owner logs in before */
  due_at: z.string().nullable(),
});
export type DeletionState = z.infer<typeof deletionStateSchema>;

export const deleteAccountBodySchema = z
  .object({
    password: z
      .string({ error: m('validation.required') })
      .min(1, { error: m('validation.required') })
      .max(1024, { error: m('validation.max', { max: 1024 }) }),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const pendingDeletionsQuerySchema = pageQuery;
export const pendingDeletionDtoSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  requested_at: z.string(),
  due_at: z.string(),
  /** requested by the person themselves (false: by an admin on their behalf) */
  self: z.boolean(),
});
export type PendingDeletionDto = z.infer<typeof pendingDeletionDtoSchema>;
export const pendingDeletionListSchema = paginated(pendingDeletionDtoSchema);

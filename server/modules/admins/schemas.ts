import { z } from 'zod';
import { timestamp } from '../../lib/responses';

/**
 * One entry of the audit trail (toAuditEntryDto): who did what to which record, with the call
 * and its HTTP status; `recordId` is null when the write named no record.
 */
export const auditEntryDto = z.object({
  _id: z.string(),
  at: timestamp,
  adminId: z.string(),
  adminEmail: z.string(),
  resource: z.string(),
  action: z.string(),
  recordId: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  statusCode: z.number().int(),
});

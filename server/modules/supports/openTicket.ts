import type { Database } from '../../db/client';
import {
  SUPPORT_TYPES,
  supportRepliesTable,
  supportTicketsTable,
  type SupportStatus,
} from '../../db/schema';

export interface NewTicket {
  customerId: string;
  /** 0 to 5, see SUPPORT_TYPES. */
  supportType: number;
  description: string;
  createdAt?: Date;
  status?: SupportStatus;
  /** Answers already given, oldest first (seeds record history this way). */
  replies?: { message: string; date: Date; adminId?: string; adminName?: string }[];
}

/**
 * Opens a support ticket with its replies in one transaction. Customers write in their app (not
 * part of this product); the seeds and the tests go through this. The Help list's counts follow
 * by trigger.
 */
export async function openTicket(db: Database, input: NewTicket) {
  if (
    !Number.isInteger(input.supportType) ||
    input.supportType < 0 ||
    input.supportType >= SUPPORT_TYPES.length
  ) {
    throw new RangeError(`supportType must be 0 to ${SUPPORT_TYPES.length - 1}`);
  }
  const createdAt = input.createdAt ?? new Date();
  const replies = input.replies ?? [];
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTicketsTable)
      .values({
        customerId: input.customerId,
        supportType: input.supportType,
        description: input.description,
        status: input.status ?? 'unresolved',
        createdAt,
        updatedAt: replies.at(-1)?.date ?? createdAt,
        lastReplyAt: replies.at(-1)?.date ?? null,
        lastReplyBy: replies.length ? (replies.at(-1)!.adminName ?? null) : null,
      })
      .returning();
    if (replies.length) {
      await tx.insert(supportRepliesTable).values(
        replies.map((r) => ({
          ticketId: ticket!.id,
          message: r.message,
          date: r.date,
          adminId: r.adminId ?? null,
          adminName: r.adminName ?? null,
        })),
      );
    }
    return ticket!;
  });
}

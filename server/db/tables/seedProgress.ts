import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// No module's: only the demo seed (server/db/seed/) writes and reads it.

/**
 * The parts of the demo data already written (server/db/seed/index.ts): each part's rows and
 * its row here are committed in one transaction, so a start after a crash adds only the parts
 * still missing. Migration 0011 fills it in for databases seeded before it existed.
 */
export const seedProgressTable = pgTable('seed_progress', {
  part: text('part').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rosterSettingsTable } from './tables';

const SETTINGS_ID = 'default';
/** Until saved: 21:00 India time. */
export const DEFAULT_CUTOFF = '21:00';

/** The roster's one settings row (subscription_settings, id 'default'). */
export function createRosterSettingsRepository(db: Database) {
  return {
    async get(): Promise<{ cutoff: string }> {
      const [row] = await db
        .select({ cutoff: rosterSettingsTable.cutoff })
        .from(rosterSettingsTable)
        .where(eq(rosterSettingsTable.id, SETTINGS_ID));
      return { cutoff: row?.cutoff ?? DEFAULT_CUTOFF };
    },
    async save(cutoff: string): Promise<{ cutoff: string }> {
      const [row] = await db
        .insert(rosterSettingsTable)
        .values({ id: SETTINGS_ID, cutoff })
        .onConflictDoUpdate({
          target: rosterSettingsTable.id,
          set: { cutoff, updatedAt: new Date() },
        })
        .returning({ cutoff: rosterSettingsTable.cutoff });
      return row!;
    },
  };
}

/** Minutes after midnight of a cut-off 'HH:MM'. */
export function cutoffMinutes(cutoff: string): number {
  const [h, m] = cutoff.split(':').map(Number);
  return (h ?? 21) * 60 + (m ?? 0);
}

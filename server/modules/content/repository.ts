import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contentPagesTable, type ContentKey } from '../../db/schema';

export type ContentRow = typeof contentPagesTable.$inferSelect;

/** The two legal texts; each is one row of content_pages. */
export type LegalTextKey = Extract<ContentKey, 'terms' | 'privacy'>;

export interface ContactContent {
  content: string;
  email: string;
  phone: string;
}

/** Terms, privacy and contact us: one row each, keyed by its name, written whole on save. */
export function createContentRepository(db: Database) {
  async function find(key: ContentKey): Promise<ContentRow | null> {
    const [row] = await db.select().from(contentPagesTable).where(eq(contentPagesTable.key, key));
    return row ?? null;
  }

  async function upsert(
    key: ContentKey,
    values: { content: string; email?: string; phone?: string },
    adminId: string | null,
  ) {
    const set = { ...values, updatedBy: adminId, updatedAt: new Date() };
    await db
      .insert(contentPagesTable)
      .values({ key, ...set })
      .onConflictDoUpdate({ target: contentPagesTable.key, set });
  }

  return {
    find,
    saveText: (key: LegalTextKey, content: string, adminId: string | null) =>
      upsert(key, { content }, adminId),
    saveContact: (contact: ContactContent, adminId: string | null) =>
      upsert('contact', contact, adminId),
  };
}

/** Spec 001 §7: the terms screen reads `content`, the privacy screen `termsAndConditions`. */
export function toLegalTextDto(row: ContentRow | null) {
  const content = row?.content ?? '';
  return { content, termsAndConditions: content };
}

/** Never saved: empty fields (the landing page then shows its built-in placeholders). */
export function toContactDto(row: ContentRow | null): ContactContent {
  return { content: row?.content ?? '', email: row?.email ?? '', phone: row?.phone ?? '' };
}

import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** The texts an admin edits (spec 001 content screens): terms, privacy policy and contact us. */
export const CONTENT_KEYS = ['terms', 'privacy', 'contact'] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];

export const contentPagesTable = pgTable('content_pages', {
  key: text('key').$type<ContentKey>().primaryKey(),
  /** Rich text, sanitised on save (server/lib/richText.ts): safe to show anywhere. */
  content: text('content').notNull().default(''),
  /** Contact us only: the support e-mail and phone shown on the landing page. */
  email: text('email'),
  phone: text('phone'),
  updatedBy: text('updated_by'),
  updatedAt: timestamps.updatedAt,
});

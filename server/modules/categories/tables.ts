import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CategoryKind } from '@shared/catalogue';
import { type RecordStatus, id, taxColumns, timestamps } from '../../db/columns';

export const categoriesTable = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    kind: text('kind').$type<CategoryKind>().notNull().default('other'),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...taxColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_name_key').on(sql`lower(${t.name})`),
    // One category per service kind: orders, returns and job sheets key off it.
    uniqueIndex('categories_kind_key')
      .on(t.kind)
      .where(sql`${t.kind} <> 'other'`),
    index('categories_status_created_idx').on(t.status, t.createdAt),
    index('categories_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

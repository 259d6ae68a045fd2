import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// No module's: the upload store (server/lib/uploadStore.ts) behind every module's images, and
// ops/uploadsToDatabase.ts.

/** Raw bytes, read as a Buffer (node-postgres gives one; PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded images with DATABASE_URL (server/lib/uploadStore.ts), keyed by the SHA-256 of their
 * bytes (hex) as the files on disk are named, so that every instance serves every image. Empty on
 * the embedded database, which keeps them in DATA_DIR/uploads. Rows are never changed in place.
 */
export const uploadsTable = pgTable('uploads', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

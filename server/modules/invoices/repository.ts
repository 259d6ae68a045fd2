import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  accessoriesTable,
  businessSettingsTable,
  categoriesTable,
  customersTable,
  invoicesTable,
  orderAccessoriesTable,
  ordersTable,
  plansTable,
  productsTable,
  returnableEntriesTable,
  type InvoiceSeller,
  type OrderStatus,
} from '../../db/schema';
import { buildInvoiceDocument, type InvoiceDocument, type InvoiceSource } from './document';

type Db = Database | Transaction;

/** An invoice row as the PDFs need it; `document` null until its first download. */
export interface InvoiceRow {
  orderId: string;
  invoiceNo: string;
  issuedAt: Date;
  /** issued_at exactly (microseconds), for the next batch's seek. */
  issuedAtText: string;
  seller: InvoiceSeller;
  /** The buyer's GSTIN and legal name as copied when the invoice was numbered (issue 38). */
  buyerGstin: string | null;
  buyerLegalName: string | null;
  document: InvoiceDocument | null;
}

export const invoiceColumns = {
  orderId: invoicesTable.orderId,
  invoiceNo: invoicesTable.invoiceNo,
  issuedAt: invoicesTable.issuedAt,
  issuedAtText: sql<string>`${invoicesTable.issuedAt}::text`,
  seller: invoicesTable.seller,
  buyerGstin: invoicesTable.buyerGstin,
  buyerLegalName: invoicesTable.buyerLegalName,
  document: sql<InvoiceDocument | null>`${invoicesTable.document}`,
};

/** What asking for an order's invoice came to. */
export type IssueOutcome =
  | { kind: 'missing' }
  | { kind: 'notDelivered'; orderNo: string; status: OrderStatus }
  | { kind: 'noBusiness'; orderNo: string }
  | { kind: 'issued'; document: InvoiceDocument };

/** What the invoices of `orderIds` are built from: three indexed queries for any number. */
async function invoiceSources(
  db: Db,
  orderIds: string[],
  defaultRatePercent: number,
): Promise<Map<string, InvoiceSource>> {
  if (orderIds.length === 0) return new Map();
  // One after the other: in a transaction they share one connection.
  const orders = await db
    .select({
      order: {
        id: ordersTable.id,
        orderNo: ordersTable.orderId,
        quantity: ordersTable.quantity,
        price: ordersTable.price,
        deliveryCharge: ordersTable.deliveryCharge,
        emergencyCharge: ordersTable.emergencyCharge,
        address: ordersTable.address,
        deliveryAddress: ordersTable.deliveryAddress,
      },
      customer: {
        firstName: customersTable.firstName,
        lastName: customersTable.lastName,
        phone: customersTable.phone,
      },
      category: {
        name: categoriesTable.name,
        kind: categoriesTable.kind,
        hsnCode: categoriesTable.hsnCode,
        gstRate: categoriesTable.gstRate,
      },
      product: {
        name: productsTable.name,
        hsnCode: productsTable.hsnCode,
        gstRate: productsTable.gstRate,
      },
      plan: { name: plansTable.name, duration: plansTable.duration },
    })
    .from(ordersTable)
    .innerJoin(customersTable, eq(customersTable.id, ordersTable.customerId))
    .innerJoin(categoriesTable, eq(categoriesTable.id, ordersTable.categoryId))
    .leftJoin(productsTable, eq(productsTable.id, ordersTable.productId))
    .leftJoin(plansTable, eq(plansTable.id, ordersTable.planId))
    .where(inArray(ordersTable.id, orderIds));
  const accessories = await db
    .select({
      orderId: orderAccessoriesTable.orderId,
      name: orderAccessoriesTable.name,
      quantity: orderAccessoriesTable.quantity,
      amount: orderAccessoriesTable.amount,
      accessoryId: accessoriesTable.id,
      hsnCode: accessoriesTable.hsnCode,
      gstRate: accessoriesTable.gstRate,
    })
    .from(orderAccessoriesTable)
    .leftJoin(accessoriesTable, eq(accessoriesTable.id, orderAccessoriesTable.accessoryId))
    .where(inArray(orderAccessoriesTable.orderId, orderIds))
    .orderBy(asc(orderAccessoriesTable.orderId), asc(orderAccessoriesTable.id));
  // What the order's delivery holds in deposits now (a reversal and redelivery net out);
  // return requests refund theirs apart.
  const deposits = await db
    .select({
      orderId: returnableEntriesTable.orderId,
      deposit: sql<string>`sum(${returnableEntriesTable.deposit})::text`,
    })
    .from(returnableEntriesTable)
    .where(
      and(
        inArray(returnableEntriesTable.orderId, orderIds),
        isNull(returnableEntriesTable.returnRequestId),
      ),
    )
    .groupBy(returnableEntriesTable.orderId);

  const sources = new Map<string, InvoiceSource>();
  for (const row of orders) {
    sources.set(row.order.id, {
      ...row,
      accessories: [],
      deposit: '0',
      defaultRatePercent,
    });
  }
  for (const a of accessories) {
    sources.get(a.orderId)?.accessories.push({
      name: a.name,
      quantity: a.quantity,
      amount: a.amount,
      tax: a.accessoryId ? { hsnCode: a.hsnCode, gstRate: a.gstRate } : null,
    });
  }
  for (const d of deposits) {
    const source = d.orderId ? sources.get(d.orderId) : undefined;
    if (source) source.deposit = d.deposit;
  }
  return sources;
}

/**
 * Stores the documents of invoices that have none yet, and answers each invoice's document as
 * stored: a document someone else stored first (a download at the same moment) wins, so an
 * invoice never has two versions.
 */
async function storeDocuments(
  db: Db,
  built: { orderId: string; document: InvoiceDocument }[],
): Promise<Map<string, InvoiceDocument>> {
  const stored = new Map<string, InvoiceDocument>();
  if (built.length === 0) return stored;
  const written = await db.execute<{ order_id: string }>(sql`
    UPDATE ${invoicesTable} AS i SET document = v.document
      FROM jsonb_to_recordset(${JSON.stringify(built)}::jsonb) AS v("orderId" text, document jsonb)
     WHERE i.order_id = v."orderId" AND i.document IS NULL
    RETURNING i.order_id`);
  const mine = new Set(written.rows.map((r) => r.order_id));
  for (const b of built) if (mine.has(b.orderId)) stored.set(b.orderId, b.document);
  const theirs = built.filter((b) => !mine.has(b.orderId)).map((b) => b.orderId);
  if (theirs.length) {
    const rows = await db
      .select({ orderId: invoicesTable.orderId, document: invoiceColumns.document })
      .from(invoicesTable)
      .where(inArray(invoicesTable.orderId, theirs));
    for (const r of rows) if (r.document) stored.set(r.orderId, r.document);
  }
  return stored;
}

/**
 * The documents of `rows` in their order, building and storing those not built yet (issue 38:
 * GSTR-1, the sales register and credit notes read invoices through this, so each is frozen
 * the first time anything reads it).
 */
export async function documentsOf(
  db: Db,
  rows: InvoiceRow[],
  defaultRatePercent: number,
): Promise<InvoiceDocument[]> {
  const todo = rows.filter((r) => !r.document);
  const sources = await invoiceSources(
    db,
    todo.map((r) => r.orderId),
    defaultRatePercent,
  );
  const built = todo.map((r) => {
    const source = sources.get(r.orderId);
    if (!source) throw new Error(`order ${r.orderId} of invoice ${r.invoiceNo} is missing`);
    return { orderId: r.orderId, document: buildInvoiceDocument(source, r) };
  });
  const stored = await storeDocuments(db, built);
  return rows.map((r) => r.document ?? stored.get(r.orderId)!);
}

export function createInvoiceRepository(db: Database) {
  return {
    /**
     * The invoice of an order, in one transaction: the order row locked (so two downloads of
     * one order take turns), numbered by issue_invoice() if it has no number yet (the next of
     * the financial year's series, gap-free: a rollback gives the number back), and its
     * document built and stored on the first download. An order gets a number once delivered
     * and the business details saved; an invoice already issued is always answered.
     */
    async issue(orderKey: string, defaultRatePercent: number): Promise<IssueOutcome> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ orderNo: ordersTable.orderId, status: ordersTable.status })
          .from(ordersTable)
          .where(eq(ordersTable.id, orderKey))
          .for('update');
        if (!order) return { kind: 'missing' };
        const existing = await tx
          .select({ id: invoicesTable.orderId })
          .from(invoicesTable)
          .where(eq(invoicesTable.orderId, orderKey));
        if (existing.length === 0) {
          if (order.status !== 'Delivered') {
            return { kind: 'notDelivered', orderNo: order.orderNo, status: order.status };
          }
          const issued = await tx.execute<{ no: string | null }>(
            sql`SELECT issue_invoice(${orderKey}, now()) AS no`,
          );
          if (!issued.rows[0]?.no) return { kind: 'noBusiness', orderNo: order.orderNo };
        }
        const [row] = await tx
          .select(invoiceColumns)
          .from(invoicesTable)
          .where(eq(invoicesTable.orderId, orderKey));
        const [document] = await documentsOf(tx, [row!], defaultRatePercent);
        return { kind: 'issued', document: document! };
      });
    },

    /**
     * An order's status and invoice number, if it has one, and whether the business details
     * are saved (HEAD: what a download would answer, numbering nothing).
     */
    async numberOf(orderKey: string) {
      const [row] = await db
        .select({
          orderNo: ordersTable.orderId,
          status: ordersTable.status,
          invoiceNo: invoicesTable.invoiceNo,
          businessSaved: sql<boolean>`exists (select 1 from ${businessSettingsTable})`,
        })
        .from(ordersTable)
        .leftJoin(invoicesTable, eq(invoicesTable.orderId, ordersTable.id))
        .where(eq(ordersTable.id, orderKey));
      return row;
    },

    /** How many invoices were issued from `from` up to (not including) `to`. */
    async countIssued(from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoicesTable)
        .where(and(gte(invoicesTable.issuedAt, from), lt(invoicesTable.issuedAt, to)));
      return row?.n ?? 0;
    },

    /**
     * The first `limit` invoices issued from `from` up to `to`, oldest first, `size` at a time
     * (a seek on invoices_issued_idx), each with its document, built and stored if it had none.
     */
    async *documents(
      from: Date,
      to: Date,
      opts: { size: number; limit: number; defaultRatePercent: number },
    ): AsyncGenerator<InvoiceDocument[]> {
      let after: { at: string; orderId: string } | undefined;
      for (let left = opts.limit; left > 0; left -= opts.size) {
        const rows = await db
          .select(invoiceColumns)
          .from(invoicesTable)
          .where(
            and(
              gte(invoicesTable.issuedAt, from),
              lt(invoicesTable.issuedAt, to),
              after &&
                sql`(${invoicesTable.issuedAt}, ${invoicesTable.orderId}) > (${after.at}::timestamptz, ${after.orderId})`,
            ),
          )
          .orderBy(asc(invoicesTable.issuedAt), asc(invoicesTable.orderId))
          .limit(Math.min(opts.size, left));
        if (rows.length === 0) return;
        yield await documentsOf(db, rows, opts.defaultRatePercent);
        if (rows.length < opts.size) return;
        const last = rows.at(-1)!;
        after = { at: last.issuedAtText, orderId: last.orderId };
      }
    },
  };
}

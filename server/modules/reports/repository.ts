import { and, asc, gte, lt, sql, type SQL } from 'drizzle-orm';
import { pincodeLabel } from '@shared/pincode';
import { addDays } from '@shared/time';
import type { Database } from '../../db/client';
import { creditNotesTable, invoicesTable } from '../../db/schema';
import type { NoteDocument } from '../creditNotes/document';
import { invoiceColumns, documentsOf } from '../invoices/repository';
import type { KeyGroup, PeriodGroup, SalesRow } from './schemas';
import type { SalesDimension } from './tables';

/** A period grouping's step and labels (PostgreSQL to_char patterns; weeks start on Monday). */
const PERIODS: Record<PeriodGroup, { step: string; label: string }> = {
  day: { step: '1 day', label: 'FMDD Mon YYYY' },
  week: { step: '1 week', label: '"Week of "FMDD Mon YYYY' },
  month: { step: '1 month', label: 'Mon YYYY' },
};

/** The words of a rider key that is no rider: the sales delivered before any was assigned. */
export const NO_RIDER = 'No rider';

// A type, not an interface: db.execute wants rows that are records.
type FigureText = {
  invoices: number;
  credit_notes: number;
  taxable: string;
  tax: string;
  amount: string;
};

const figuresOf = (r: FigureText) => ({
  invoices: Number(r.invoices),
  creditNotes: Number(r.credit_notes),
  taxable: Number(r.taxable),
  tax: Number(r.tax),
  amount: Number(r.amount),
});

/** The first day of the month of `day` ('2026-11-24' -> '2026-11-01'). */
const monthOf = (day: string) => `${day.slice(0, 8)}01`;
/** The first day of the month after the month of `day`. */
function nextMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/**
 * A range of days as the rollups hold it: whole months from sales_monthly (`months`, first days,
 * end excluded) and the days before and after them from sales_daily (`head`, `tail`, both ends
 * included; empty when the first is after the last). A year by pin code thus reads twelve rows a
 * pin code and at most sixty days, not 366.
 */
export function splitRange(from: string, to: string) {
  const firstWhole = from === monthOf(from) ? from : nextMonth(from);
  const endWhole = monthOf(addDays(to, 1));
  if (firstWhole >= endWhole) {
    return { head: [from, to], months: [firstWhole, firstWhole], tail: [to, from] } as const;
  }
  return {
    head: [from, addDays(firstWhole, -1)],
    months: [firstWhole, endWhole],
    tail: [endWhole, to],
  } as const;
}

/** Every sales figure of a rollup row, summed and as text (exact numerics). */
const SUMS = sql.raw(`sum(invoices)::int AS invoices, sum(credit_notes)::int AS credit_notes,
  sum(taxable)::text AS taxable, sum(tax)::text AS tax, sum(amount)::text AS amount`);

/** The label of each key group's key: the service's name, the pin code's place, the rider. */
const LABELS: Record<KeyGroup, { join: SQL; columns: SQL }> = {
  service: {
    join: sql.raw(`LEFT JOIN categories c ON c.id = g.key`),
    columns: sql.raw(`c.name AS name, NULL AS area, NULL AS city`),
  },
  pincode: {
    join: sql.raw(`LEFT JOIN pincodes p ON p.number = g.key`),
    columns: sql.raw(`NULL AS name, p.area AS area, p.city AS city`),
  },
  rider: {
    join: sql.raw(`LEFT JOIN riders r ON r.id = g.key`),
    columns: sql.raw(`r.name AS name, NULL AS area, NULL AS city`),
  },
};

function labelOf(
  group: KeyGroup,
  key: string,
  r: { name: string | null; area: string | null; city: string | null },
) {
  switch (group) {
    case 'service':
      return r.name ?? 'Removed service';
    case 'pincode':
      return pincodeLabel({ number: key, area: r.area, city: r.city });
    case 'rider':
      return key === '' ? NO_RIDER : (r.name ?? 'Removed rider');
  }
}

export function createReportRepository(db: Database) {
  return {
    /**
     * Sales per day, week (from Monday) or month of the range, in order, with the money received
     * in each: the periods come from generate_series, so one without sales is there with 0. A
     * period cut by the range holds only its days in the range (`start`, `end`). Read from
     * sales_daily under one dimension (the service: a sale is counted once under each) by its
     * primary key (dim, day, key), and collections_daily by its day.
     */
    async byPeriod(group: PeriodGroup, from: string, to: string): Promise<SalesRow[]> {
      const { step: every, label } = PERIODS[group];
      // Fixed words from PERIODS, never input: safe to inline.
      const step = sql.raw(`interval '${every}'`);
      const unit = sql.raw(`'${group}'`);
      const result = await db.execute<
        FigureText & { first: string; start: string; end: string; label: string; cash: string }
      >(sql`
        WITH periods AS (
          SELECT p::date AS first,
                 greatest(p::date, ${from}::date) AS start,
                 least((p + ${step})::date - 1, ${to}::date) AS "end"
            FROM generate_series(date_trunc(${unit}, ${from}::date::timestamp),
                                 ${to}::date::timestamp, ${step}) AS p
        ), days AS (
          SELECT day, invoices, credit_notes, taxable, tax, amount, 0::bigint AS collected
            FROM sales_daily
           WHERE dim = 'service' AND day BETWEEN ${from}::date AND ${to}::date
          UNION ALL
          SELECT day, 0, 0, 0, 0, 0, collected
            FROM collections_daily
           WHERE day BETWEEN ${from}::date AND ${to}::date
        ), per AS (
          SELECT date_trunc(${unit}, day::timestamp)::date AS first,
                 sum(invoices) AS invoices, sum(credit_notes) AS credit_notes,
                 sum(taxable) AS taxable, sum(tax) AS tax, sum(amount) AS amount,
                 sum(collected) AS collected
            FROM days GROUP BY 1
        )
        SELECT to_char(periods.first::timestamp, 'YYYY-MM-DD') AS first,
               to_char(periods.start::timestamp, 'YYYY-MM-DD') AS start,
               to_char(periods."end"::timestamp, 'YYYY-MM-DD') AS "end",
               to_char(periods.first::timestamp, ${label}) AS label,
               coalesce(per.invoices, 0)::int AS invoices,
               coalesce(per.credit_notes, 0)::int AS credit_notes,
               coalesce(per.taxable, 0)::text AS taxable,
               coalesce(per.tax, 0)::text AS tax,
               coalesce(per.amount, 0)::text AS amount,
               coalesce(per.collected, 0)::text AS cash
          FROM periods LEFT JOIN per USING (first)
         ORDER BY periods.first
      `);
      return result.rows.map((r) => ({
        key: r.start,
        label: r.label,
        start: r.start,
        end: r.end,
        ...figuresOf(r),
        collections: Number(r.cash) / 100,
      }));
    },

    /**
     * Sales per service, pin code or rider over the range, the largest amount first, each with
     * its label: whole months from sales_monthly and the days around them from sales_daily,
     * both by primary key (dim, month|day, key).
     */
    async byKey(group: KeyGroup, from: string, to: string): Promise<SalesRow[]> {
      const dim: SalesDimension = group;
      const { head, months, tail } = splitRange(from, to);
      const { join, columns } = LABELS[group];
      const result = await db.execute<
        FigureText & { key: string; name: string | null; area: string | null; city: string | null }
      >(sql`
        WITH s AS (
          SELECT key, invoices, credit_notes, taxable, tax, amount FROM sales_daily
           WHERE dim = ${dim} AND day BETWEEN ${head[0]}::date AND ${head[1]}::date
          UNION ALL
          SELECT key, invoices, credit_notes, taxable, tax, amount FROM sales_monthly
           WHERE dim = ${dim} AND month >= ${months[0]}::date AND month < ${months[1]}::date
          UNION ALL
          SELECT key, invoices, credit_notes, taxable, tax, amount FROM sales_daily
           WHERE dim = ${dim} AND day BETWEEN ${tail[0]}::date AND ${tail[1]}::date
        ), g AS (
          SELECT key, ${SUMS}, sum(amount) AS sort FROM s GROUP BY key
        )
        SELECT g.key, g.invoices, g.credit_notes, g.taxable, g.tax, g.amount, ${columns}
          FROM g ${join}
         ORDER BY g.sort DESC, g.key
      `);
      return result.rows.map((r) => ({
        key: r.key,
        label: labelOf(group, r.key, r),
        ...figuresOf(r),
      }));
    },

    /** The money received over the range, in rupees (collections_daily by its day). */
    async collections(from: string, to: string): Promise<number> {
      const result = await db.execute<{ paise: string }>(sql`
        SELECT coalesce(sum(collected), 0)::text AS paise FROM collections_daily
         WHERE day BETWEEN ${from}::date AND ${to}::date`);
      return Number(result.rows[0]?.paise ?? 0) / 100;
    },

    /**
     * The sales register from `start` up to (not including) `end`: every invoice and every
     * credit or debit note issued, oldest first, `size` of each kind read at a time (seeks on
     * invoices_issued_idx and credit_notes_issued_idx), merged by time. Invoices' figures come
     * from their documents (built and stored by documentsOf if not yet); credit notes count
     * negative.
     */
    async *register(
      start: Date,
      end: Date,
      opts: { size: number; defaultRatePercent: number },
    ): AsyncGenerator<RegisterLine[]> {
      const invoices = invoiceLines(db, start, end, opts);
      const notes = noteLines(db, start, end, opts.size);
      try {
        yield* mergeByTime(invoices, notes);
      } finally {
        await invoices.return(undefined);
        await notes.return(undefined);
      }
    },
  };
}

/** One line of the sales register, amounts in paise (negative for a credit note). */
export interface RegisterLine {
  at: Date;
  type: 'Invoice' | 'Credit note' | 'Debit note';
  number: string;
  /** The invoice a note adjusts; '' for an invoice. */
  against: string;
  orderNo: string;
  customer: string;
  buyerGstin: string;
  placeOfSupply: string;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** A buyer as the register names them: a registered buyer's legal name, else the name. */
const buyerName = (buyer: { name: string; legalName?: string }) => buyer.legalName || buyer.name;
const place = (p: { code: string; state: string }) => `${p.code}-${p.state}`;

async function* invoiceLines(
  db: Database,
  start: Date,
  end: Date,
  opts: { size: number; defaultRatePercent: number },
): AsyncGenerator<RegisterLine[]> {
  let after: { at: string; orderId: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ ...invoiceColumns, buyerGstin: invoicesTable.buyerGstin })
      .from(invoicesTable)
      .where(
        and(
          gte(invoicesTable.issuedAt, start),
          lt(invoicesTable.issuedAt, end),
          after &&
            sql`(${invoicesTable.issuedAt}, ${invoicesTable.orderId}) > (${after.at}::timestamptz, ${after.orderId})`,
        ),
      )
      .orderBy(asc(invoicesTable.issuedAt), asc(invoicesTable.orderId))
      .limit(opts.size);
    if (rows.length === 0) return;
    const documents = await documentsOf(db, rows, opts.defaultRatePercent);
    yield rows.map((row, i): RegisterLine => {
      const d = documents[i]!;
      const f = d.figures;
      return {
        at: row.issuedAt,
        type: 'Invoice',
        number: row.invoiceNo,
        against: '',
        orderNo: d.orderNo,
        customer: buyerName(d.buyer),
        buyerGstin: d.buyer.gstin ?? row.buyerGstin ?? '',
        placeOfSupply: place(d.placeOfSupply),
        taxable: f.taxablePaise,
        cgst: f.cgstPaise,
        sgst: f.sgstPaise,
        igst: f.igstPaise,
        total: f.totalPaise,
      };
    });
    if (rows.length < opts.size) return;
    const last = rows.at(-1)!;
    after = { at: last.issuedAtText, orderId: last.orderId };
  }
}

async function* noteLines(
  db: Database,
  start: Date,
  end: Date,
  size: number,
): AsyncGenerator<RegisterLine[]> {
  const n = creditNotesTable;
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: n.id,
        kind: n.kind,
        noteNo: n.noteNo,
        issuedAt: n.issuedAt,
        issuedAtText: sql<string>`${n.issuedAt}::text`,
        taxable: n.taxablePaise,
        cgst: n.cgstPaise,
        sgst: n.sgstPaise,
        igst: n.igstPaise,
        total: n.totalPaise,
        document: sql<NoteDocument>`${n.document}`,
      })
      .from(n)
      .where(
        and(
          gte(n.issuedAt, start),
          lt(n.issuedAt, end),
          after && sql`(${n.issuedAt}, ${n.id}) > (${after.at}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(asc(n.issuedAt), asc(n.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map((r): RegisterLine => {
      const sign = r.kind === 'credit' ? -1 : 1;
      const d = r.document;
      return {
        at: r.issuedAt,
        type: r.kind === 'credit' ? 'Credit note' : 'Debit note',
        number: r.noteNo,
        against: d.invoiceNo,
        orderNo: d.orderNo,
        customer: buyerName(d.buyer),
        buyerGstin: d.buyer.gstin ?? '',
        placeOfSupply: place(d.placeOfSupply),
        taxable: sign * r.taxable,
        cgst: sign * r.cgst,
        sgst: sign * r.sgst,
        igst: sign * r.igst,
        total: sign * r.total,
      };
    });
    if (rows.length < size) return;
    const last = rows.at(-1)!;
    after = { at: last.issuedAtText, id: last.id };
  }
}

/**
 * Two streams of lines, each in time order, as one in time order (an invoice before a note of
 * the same moment), a batch at a time: only the batch of each stream being merged is held.
 */
export async function* mergeByTime(
  a: AsyncGenerator<RegisterLine[]>,
  b: AsyncGenerator<RegisterLine[]>,
): AsyncGenerator<RegisterLine[]> {
  const left = { stream: a, lines: [] as RegisterLine[], at: 0, done: false };
  const right = { stream: b, lines: [] as RegisterLine[], at: 0, done: false };
  const fill = async (side: typeof left) => {
    if (side.done || side.at < side.lines.length) return;
    const next = await side.stream.next();
    if (next.done) side.done = true;
    else {
      side.lines = next.value;
      side.at = 0;
    }
  };
  for (;;) {
    await fill(left);
    await fill(right);
    const out: RegisterLine[] = [];
    // Until either side runs out of the batch in hand (then it is refilled) or both are done.
    for (;;) {
      const l = left.at < left.lines.length ? left.lines[left.at] : undefined;
      const r = right.at < right.lines.length ? right.lines[right.at] : undefined;
      if (l && r) {
        if (r.at.getTime() < l.at.getTime()) out.push(right.lines[right.at++]!);
        else out.push(left.lines[left.at++]!);
      } else if (l && right.done) out.push(left.lines[left.at++]!);
      else if (r && left.done) out.push(right.lines[right.at++]!);
      else break;
    }
    if (out.length) yield out;
    if (left.done && right.done) return;
  }
}

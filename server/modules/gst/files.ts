import { strToU8, Zip, ZipDeflate } from 'fflate';
import { csvLine, type CsvCell } from '../../lib/csv';
import {
  b2bCsvRows,
  b2bInvoiceJson,
  b2clCsvRows,
  b2csCsvRows,
  cdnrCsvRows,
  cdnrNoteJson,
  cdnurCsvRows,
  CSV_HEADINGS,
  docIssueCsvRows,
  Gstr1Month,
  GSTR1_TABLES,
  hsnCsvRows,
  type Gstr1Invoice,
  type Gstr1Note,
  type Gstr1Table,
  type MonthTotals,
  type TableFigures,
} from './gstr1';
import type { Gstr1Source } from './repository';

/*
 * GSTR-1's files, written as the month is read (repository.ts) and assembled (gstr1.ts): the
 * JSON the GST portal's offline tool takes, one table as CSV, or every table's CSV in a zip.
 * Each is an async generator of text (or bytes): the route streams it, so nothing waits whole
 * in memory but the aggregates (Gstr1Month).
 */

/** The return's header: the seller's GSTIN and the period ('052026'). */
export interface Gstr1Header {
  gstin: string;
  fp: string;
}

/** Which passes over the month a file needs. */
interface Passes {
  b2b?: boolean;
  b2c?: boolean;
  notes?: boolean;
}

/** Reads the passes asked for into `month` (B2B invoices, then the others, then the notes). */
async function fill(month: Gstr1Month, source: Gstr1Source, passes: Passes): Promise<void> {
  if (passes.b2b)
    for await (const batch of source.b2b()) for (const i of batch) month.addInvoice(i);
  if (passes.b2c)
    for await (const batch of source.b2c()) for (const i of batch) month.addInvoice(i);
  if (passes.notes)
    for await (const batch of source.notes()) for (const n of batch) month.addNote(n);
}

/**
 * Rows grouped by buyer GSTIN as they come (sorted by it): `{"ctin":"..","<key>":[...]},...`,
 * the text of each batch yielded as it is made.
 */
async function* byBuyer<T extends Gstr1Invoice | Gstr1Note>(
  batches: AsyncGenerator<T[]>,
  key: 'inv' | 'nt',
  gstinOf: (row: T) => string,
  rowJson: (row: T) => unknown,
  each?: (row: T) => void,
): AsyncGenerator<string> {
  let buyer: string | null = null;
  for await (const batch of batches) {
    let text = '';
    for (const row of batch) {
      each?.(row);
      const gstin = gstinOf(row);
      if (gstin !== buyer) {
        text += `${buyer === null ? '' : ']},'}{"ctin":${JSON.stringify(gstin)},"${key}":[`;
        buyer = gstin;
      } else {
        text += ',';
      }
      text += JSON.stringify(rowJson(row));
    }
    yield text;
  }
  if (buyer !== null) yield ']}';
}

/**
 * The JSON, keys in the offline tool's order: gstin, fp, b2b (written by buyer as read), then,
 * once the other invoices and the notes are read, b2cl, b2cs, cdnr (by buyer as read), cdnur,
 * hsn { hsn_b2b, hsn_b2c } and doc_issue { doc_det }. Empty tables are written empty.
 */
export async function* gstr1Json(header: Gstr1Header, source: Gstr1Source): AsyncGenerator<string> {
  const month = new Gstr1Month({ keepRows: true });
  yield `{"gstin":${JSON.stringify(header.gstin)},"fp":${JSON.stringify(header.fp)},"b2b":[`;
  yield* byBuyer(
    source.b2b(),
    'inv',
    (i) => i.buyerGstin!,
    (i) => b2bInvoiceJson(i.document),
    (i) => month.addInvoice(i),
  );
  await fill(month, source, { b2c: true, notes: true });
  yield `],"b2cl":${JSON.stringify(month.b2clJson())},"b2cs":${JSON.stringify(month.b2csJson())},"cdnr":[`;
  yield* byBuyer(
    source.cdnr(),
    'nt',
    (n) => n.invoice.buyerGstin!,
    (n) => cdnrNoteJson(n.document),
  );
  yield (
    `],"cdnur":${JSON.stringify(month.cdnurJson())},` +
    `"hsn":{"hsn_b2b":${JSON.stringify(month.hsnJson('b2b'))},"hsn_b2c":${JSON.stringify(month.hsnJson('b2c'))}},` +
    `"doc_issue":${JSON.stringify(month.docIssueJson())}}`
  );
}

const lines = (rows: CsvCell[][]) => rows.map(csvLine).join('');

/**
 * One table as CSV with the offline tool's headings (UTF-8, no byte order mark: the tool reads
 * the first heading as written; CRLF line ends). B2B and CDNR are written as read; the others
 * once the passes they need are read.
 */
export async function* gstr1Csv(table: Gstr1Table, source: Gstr1Source): AsyncGenerator<string> {
  yield csvLine([...CSV_HEADINGS[table]]);
  if (table === 'b2b') {
    for await (const batch of source.b2b()) yield lines(batch.flatMap(b2bCsvRows));
    return;
  }
  if (table === 'cdnr') {
    for await (const batch of source.cdnr()) yield lines(batch.flatMap(cdnrCsvRows));
    return;
  }
  const month = new Gstr1Month({ keepRows: true });
  await fill(month, source, {
    b2b: table === 'hsn_b2b' || table === 'doc_issue',
    b2c: table !== 'hsn_b2b' && table !== 'cdnur',
    notes: table !== 'b2cl',
  });
  yield lines(rowsOf(table, month));
}

/** The CSV rows of a table the month holds. */
function rowsOf(table: Exclude<Gstr1Table, 'b2b' | 'cdnr'>, month: Gstr1Month): CsvCell[][] {
  switch (table) {
    case 'b2cl':
      return b2clCsvRows(month.b2clJson());
    case 'b2cs':
      return b2csCsvRows(month.b2csJson());
    case 'cdnur':
      return cdnurCsvRows(month.cdnurJson());
    case 'hsn_b2b':
      return hsnCsvRows(month.hsnJson('b2b'));
    case 'hsn_b2c':
      return hsnCsvRows(month.hsnJson('b2c'));
    case 'doc_issue':
      return docIssueCsvRows(month.docIssueJson());
  }
}

/** The name of a table's file inside the zip (and of its own download, with the return's). */
export const tableFileName = (table: Gstr1Table) => `${table}.csv`;

/**
 * Every table's CSV in one zip (DEFLATE, fflate): b2b.csv written as its invoices are read,
 * then the other invoices and the notes read, then the other files, cdnr.csv as its notes are
 * read. Entries in GSTR1_TABLES' order.
 */
export async function* gstr1Zip(source: Gstr1Source): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate deflates synchronously as text is pushed: what it has made is collected here and
  // handed on after each push.
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push(chunk);
  });
  function* drain() {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  }
  async function* entry(name: string, texts: AsyncIterable<string> | Iterable<string>) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    for await (const text of texts) {
      file.push(strToU8(text));
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }

  const month = new Gstr1Month({ keepRows: true });
  const heading = (table: Gstr1Table) => csvLine([...CSV_HEADINGS[table]]);
  async function* b2bText() {
    yield heading('b2b');
    for await (const batch of source.b2b()) {
      for (const invoice of batch) month.addInvoice(invoice);
      yield lines(batch.flatMap(b2bCsvRows));
    }
  }
  async function* cdnrText() {
    yield heading('cdnr');
    for await (const batch of source.cdnr()) yield lines(batch.flatMap(cdnrCsvRows));
  }
  for (const table of GSTR1_TABLES) {
    if (table === 'b2b') {
      yield* entry(tableFileName(table), b2bText());
      await fill(month, source, { b2c: true, notes: true });
    } else if (table === 'cdnr') {
      yield* entry(tableFileName(table), cdnrText());
    } else {
      yield* entry(tableFileName(table), [heading(table), lines(rowsOf(table, month))]);
    }
  }
  zip.end();
  yield* drain();
}

/** What the screen shows of a month (GET gst/gstr1-summary), from the same passes as the files. */
export async function gstr1Summary(source: Gstr1Source): Promise<{
  tables: TableFigures[];
  totals: MonthTotals;
  rowsWithoutHsn: number;
}> {
  const month = new Gstr1Month({ keepRows: false });
  await fill(month, source, { b2b: true, b2c: true, notes: true });
  return { ...month.summary(), rowsWithoutHsn: month.rowsWithoutHsn() };
}

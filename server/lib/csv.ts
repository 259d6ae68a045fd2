import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { INDIA_TIME_ZONE, indiaDay } from '@shared/time';
import { fileAnswer } from './responses';

/** Rows read per query while a list is exported. */
export const CSV_BATCH = 1000;

export type CsvCell = string | number | boolean | Date | null | undefined;

/** One column of an export: its heading and what it shows of a row. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => CsvCell;
}

/** A list as a CSV file. */
export interface CsvExport<Row> {
  /** The file's name before its date: `orders` is saved as orders-2026-11-24.csv. */
  name: string;
  columns: readonly CsvColumn<Row>[];
  /** The rows in the list's order, a batch at a time (server/lib/keyset.ts keysetBatches). */
  batches: AsyncGenerator<Row[]>;
}

/**
 * What an export answers, for the document: the CSV. Typed as any response schema, since the
 * handler sends a stream (nothing for HEAD, 204 for a client gone away), as the job sheet does.
 */
export const csvAnswer = (name: string, what: string): FastifySchema['response'] =>
  fileAnswer(
    'text/csv',
    `${what}, streamed as it is read: ${name}-<day in India>.csv, UTF-8 with a byte order mark.`,
  );

/** Excel reads a file as UTF-8 (₹, Indian names) only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (CSV injection): cells starting with = + - @, a tab
 * or a carriage return are written with a leading apostrophe, which shows the text as typed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

const dateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: INDIA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-24 15:30:05` in India time, which spreadsheets read as a date and time. */
export const indiaDateTime = (at: Date) => dateTime.format(at);

/** Money as a plain number with two decimals (`1250.00`), from a numeric column or a number. */
export function rupees(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return Number(value).toFixed(2);
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** One cell, RFC 4180: quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  // Numbers and flags are ours, never typed by anyone: only text can carry a formula.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return yesNo(value);
  let text = value instanceof Date ? indiaDateTime(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 has it. */
export const csvLine = (cells: CsvCell[]) => cells.map(csvCell).join(',') + '\r\n';

function linesOf<Row>(columns: readonly CsvColumn<Row>[], rows: Row[]): string {
  let text = '';
  for (const row of rows) text += csvLine(columns.map((c) => c.cell(row)));
  return text;
}

/**
 * Answers a list as a CSV download (`<name>-<India day>.csv`), written batch by batch as it is
 * read, so the server's memory stays flat however long the list (docs/performance.md).
 *
 * The first batch is read before the answer starts: a refusal (a search matching too much) or a
 * failure there is still the usual JSON envelope. After that the status cannot change: a client
 * that goes away stops the reading; a failed query is logged and the connection cut, so the
 * download visibly fails rather than ending short. The rows are read only as fast as the client
 * takes them (one batch waiting, the next one read ahead). HEAD answers the same headers.
 */
export async function sendCsv<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  file: CsvExport<Row>,
): Promise<FastifyReply> {
  const first = await file.batches.next();
  const headers = {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${file.name}-${indiaDay(new Date())}.csv"`,
    'cache-control': 'no-store',
  };
  if (request.method === 'HEAD' || request.raw.destroyed) {
    await file.batches.return(undefined);
    // The client may have gone away while the first batch was read: nobody to write it for.
    return request.method === 'HEAD' ? reply.headers(headers).send() : reply.code(204).send();
  }
  const head = BOM + csvLine(file.columns.map((c) => c.header));
  const start = head + linesOf(file.columns, first.done ? [] : first.value);
  // One batch's text waits in the stream at most; the next is read when the client takes it.
  const body = Readable.from(csvBody(file, start, reply, request.log), { highWaterMark: 1 });
  return reply.headers(headers).send(body);
}

/** The text of the answer: what was read first, then each batch as it comes. */
async function* csvBody<Row>(
  file: CsvExport<Row>,
  start: string,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): AsyncGenerator<string> {
  const clientGone = () => reply.raw.destroyed && !reply.raw.writableFinished;
  let batches = 1;
  let ended = false;
  try {
    yield start;
    for (;;) {
      const next = await file.batches.next();
      if (next.done) break;
      batches += 1;
      yield linesOf(file.columns, next.value);
    }
    ended = true;
  } catch (err) {
    // Compression hands the stream a 'premature close' when the client hangs up: not a failure.
    if (!clientGone()) {
      log.error(
        { err, file: file.name, batches },
        'CSV export failed part way; the download was cut',
      );
      throw err;
    }
  } finally {
    if (!ended && clientGone()) {
      log.info({ file: file.name, batches }, 'CSV export: the client went away, reading stopped');
    }
    await file.batches.return(undefined);
  }
}

import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict } from '../../lib/errors';
import { createPdfTurns, type PdfTurns } from '../../lib/pdfTurns';
import { ok } from '../../lib/reply';
import { answers, fileAnswer } from '../../lib/responses';
import { currentMonthKey, statementMonth, type StatementMonth } from '../accounts/statements';
import { createBusinessRepository } from '../business/repository';
import { createDeliverySettingsRepository } from '../deliverySettings/repository';
import { gstr1Csv, gstr1Json, gstr1Summary, gstr1Zip } from './files';
import { returnPeriod, type Gstr1Table } from './gstr1';
import { createGstr1Repository } from './repository';
import { gstr1Query, gstr1Summary as gstr1SummaryDto, gstr1SummaryQuery } from './schemas';
import { readRepository } from '../../plugins/readReplica';

export const GSTR1_BUSY =
  'Many GSTR-1 and PDF downloads are being prepared right now. Please try again in a minute.';
export const NO_BUSINESS =
  'Save the business details under Settings first: GSTR-1 needs the seller’s GSTIN.';
const TABLE_WITH_JSON =
  'A table is chosen for CSV only: add format=csv, or leave the table out for the whole JSON.';

const fileAnswers: FastifySchema['response'] = (() => {
  const answer = fileAnswer(
    'application/json',
    "The month's GSTR-1 as the GST portal's offline tool takes it " +
      '(gstr1-<GSTIN>-<MMYYYY>.json), one table as CSV (format=csv&table=b2b: ' +
      'gstr1-<GSTIN>-<MMYYYY>-b2b.csv) or every table as CSV in a zip (format=csv: ' +
      'gstr1-<GSTIN>-<MMYYYY>.zip), streamed. A month not over yet is provisional: ' +
      '-provisional before the extension and X-Provisional: true.',
  );
  const binary = answer[200].content['application/json']!;
  Object.assign(answer[200].content, { 'text/csv': binary, 'application/zip': binary });
  return answer;
})();

/**
 * The month asked for; a month not yet begun is refused. The current month is provisional: read
 * up to now (what is issued during the download waits for the next one).
 */
function monthOf(
  key: string,
  now: Date,
): { month: StatementMonth; provisional: boolean; to: Date } {
  const current = currentMonthKey(now);
  const month = statementMonth(key);
  if (key > current) {
    throw badRequest(
      `${month.label} has not begun yet: choose ${statementMonth(current).label} ` +
        '(provisional, to date) or an earlier month.',
    );
  }
  const provisional = key === current;
  return { month, provisional, to: provisional ? now : month.end };
}

/** 'gstr1-07AAGCD4821K1Z5-052026[-b2b][-provisional].json' */
export function gstr1FileName(opts: {
  gstin: string;
  month: string;
  provisional: boolean;
  table?: Gstr1Table;
  extension: 'json' | 'csv' | 'zip';
}): string {
  const table = opts.table ? `-${opts.table}` : '';
  const provisional = opts.provisional ? '-provisional' : '';
  return `gstr1-${opts.gstin}-${returnPeriod(opts.month)}${table}${provisional}.${opts.extension}`;
}

const CONTENT_TYPES = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
} as const;

/**
 * The file's body: `body` as it is made, the turn ended once (when it ends, fails, or the client
 * goes away: `reply.raw` closes before the body's first read too). A failure after the answer
 * began is logged and cuts the download, so it visibly fails rather than ending short.
 */
function streamed<T>(
  body: AsyncGenerator<T>,
  reply: FastifyReply,
  log: FastifyBaseLogger,
  file: string,
  endTurn: () => void,
  abort: AbortController,
): Readable {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    endTurn();
  };
  const clientGone = () => reply.raw.destroyed && !reply.raw.writableFinished;
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
    end();
  });
  async function* guarded(): AsyncGenerator<T> {
    let finished = false;
    try {
      for await (const chunk of body) {
        if (abort.signal.aborted) break;
        yield chunk;
      }
      finished = true;
    } catch (err) {
      // Compression hands the stream a 'premature close' when the client hangs up: not a failure.
      if (!clientGone()) {
        log.error({ err, file }, 'GSTR-1 failed part way; the download was cut');
        throw err;
      }
    } finally {
      if (!finished && clientGone()) log.info({ file }, 'GSTR-1: the client went away');
      end();
    }
  }
  return Readable.from(guarded(), { highWaterMark: 1 });
}

/**
 * Addition (issue 38): `GET gst/gstr1?month=&format=&table=` (the month's GSTR-1 as a file) and
 * `GET gst/gstr1-summary?month=` (its tables' counts and totals for the screen); docs/api.md
 * "GSTR-1".
 */
const gstRoutes: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  /** The server's turns for long downloads (server/lib/pdfTurns.ts), shared with the PDFs. */
  const turns = opts.turns ?? createPdfTurns();
  const gstr1 = readRepository(app, createGstr1Repository(app.db), createGstr1Repository);
  const business = createBusinessRepository(app.db);
  const settings = createDeliverySettingsRepository(app.db);
  /** The rate of what has no rate of its own or of its category (documents not yet built). */
  const defaultRate = async () => (await settings.getCharge()).gst;

  async function sellerGstin(): Promise<string> {
    const saved = await business.get();
    if (!saved) throw conflict(NO_BUSINESS);
    return saved.gstin;
  }

  app.get(
    '/gstr1',
    {
      config: { access: 'orders' },
      schema: { querystring: gstr1Query, response: fileAnswers },
    },
    async (request, reply) => {
      const { format, table } = request.query;
      const { month, provisional, to } = monthOf(request.query.month, new Date());
      if (table && format === 'json') throw badRequest(TABLE_WITH_JSON);
      const gstin = await sellerGstin();
      const extension = format === 'json' ? 'json' : table ? 'csv' : 'zip';
      const fileName = gstr1FileName({ gstin, month: month.key, provisional, table, extension });
      const headers = {
        'content-type': CONTENT_TYPES[extension],
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'no-store',
        'x-provisional': String(provisional),
      };
      if (request.method === 'HEAD') return reply.headers(headers).send();
      if (request.raw.destroyed) return reply.code(204).send();

      const endTurn = await turns.take(request.log, 'gstr1', GSTR1_BUSY);
      // The client may have gone away while it waited: nobody to assemble the month for.
      if (request.raw.destroyed) {
        endTurn();
        return reply.code(204).send();
      }
      const abort = new AbortController();
      let rate: number;
      try {
        rate = await defaultRate();
      } catch (err) {
        endTurn();
        throw err;
      }
      const source = gstr1(request).source(month.start, to, {
        defaultRatePercent: rate,
        signal: abort.signal,
      });
      const body =
        extension === 'json'
          ? gstr1Json({ gstin, fp: returnPeriod(month.key) }, source)
          : extension === 'csv'
            ? gstr1Csv(table!, source)
            : gstr1Zip(source);
      return reply
        .headers(headers)
        .send(streamed<string | Uint8Array>(body, reply, request.log, fileName, endTurn, abort));
    },
  );

  app.get(
    '/gstr1-summary',
    {
      config: { access: 'orders' },
      schema: { querystring: gstr1SummaryQuery, response: answers(gstr1SummaryDto) },
    },
    async (request) => {
      const { month, provisional, to } = monthOf(request.query.month, new Date());
      const gstin = await sellerGstin();
      const endTurn = await turns.take(request.log, 'gstr1-summary', GSTR1_BUSY);
      try {
        const source = gstr1(request).source(month.start, to, {
          defaultRatePercent: await defaultRate(),
        });
        const figures = await gstr1Summary(source);
        return ok(`GSTR-1 of ${month.label}${provisional ? ' (provisional)' : ''}`, {
          month: month.key,
          label: month.label,
          fp: returnPeriod(month.key),
          gstin,
          provisional,
          fileName: gstr1FileName({ gstin, month: month.key, provisional, extension: 'json' }),
          ...figures,
        });
      } finally {
        endTurn();
      }
    },
  );
};

export default gstRoutes;

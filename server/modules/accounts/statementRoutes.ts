import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toRupees } from '@shared/account';
import { familyIdOf } from '@shared/familyId';
import { badRequest, notFound } from '../../lib/errors';
import { writePdfBatches } from '../../lib/pdfStream';
import { createPdfTurns, type PdfTurns } from '../../lib/pdfTurns';
import { ok } from '../../lib/reply';
import { answers, fileAnswer } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import { createBusinessRepository } from '../business/repository';
import { createStatementPdf, dayText, renderStatement, statementFileName } from './statementPdf';
import {
  createStatementRepository,
  currentMonthKey,
  statementMonth,
  type Statement,
  type StatementListRow,
  type StatementMonth,
} from './statements';
import {
  monthQuery,
  statementListQuery,
  statementPage,
  statementParams,
  type StatementDto,
} from './statementSchemas';
import { readRepository } from '../../plugins/readReplica';

export const STATEMENTS_BUSY =
  'Many PDFs are being prepared right now. Please try again in a minute.';
const NOT_FOUND = 'This customer does not exist.';

const pdfHeaders = (fileName: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

const statementAnswer: FastifySchema['response'] = fileAnswer(
  'application/pdf',
  "The customer's statement of the month (statement-<number>-<family id>.pdf): a past month is " +
    'numbered the first time and the same document every time after; the current month is a ' +
    'draft to date, not numbered (statement-<yyyy-mm>-<family id>.pdf).',
);
const batchAnswer: FastifySchema['response'] = fileAnswer(
  'application/pdf',
  'The statements of the month of every postpaid customer with entries in it or a balance ' +
    'other than zero, each from a new page, streamed as they are written ' +
    '(statements-<yyyy-mm>.pdf); a past month numbers those not yet numbered.',
);

/**
 * The month asked for, and whether its statements are numbered (it is over) or drafts (it is
 * the current one). A month not yet begun is refused.
 */
function monthOf(key: string, now: Date): { month: StatementMonth; numbered: boolean } {
  const current = currentMonthKey(now);
  const month = statementMonth(key);
  if (key > current) {
    const thisMonth = statementMonth(current).label;
    throw badRequest(
      `${month.label} has not begun yet: choose ${thisMonth} (a draft to date) or an earlier month.`,
    );
  }
  return { month, numbered: key < current };
}

const toDto = (r: StatementListRow, month: string): StatementDto => ({
  _id: r.id,
  number: r.number,
  month,
  userId: r.customerId,
  customer: { name: r.name, phone: r.phone },
  billingMode: r.billingMode,
  opening: toRupees(r.opening),
  debits: toRupees(r.debits),
  credits: toRupees(r.credits),
  closing: toRupees(r.closing),
  madeAt: r.madeAt.toISOString(),
});

/**
 * account/statement/{userId}, account/statements and account/get-statements (issue 36): a
 * customer's monthly statement as a PDF, every postpaid customer's of a month as one streamed
 * PDF, and the list of a month's numbered statements (docs/api.md "Accounts: statements").
 */
const statementRoutes: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  const turns = opts.turns ?? createPdfTurns();
  const statements = createStatementRepository(app.db);
  const readStatements = readRepository(app, statements, createStatementRepository);
  const business = createBusinessRepository(app.db);

  app.get(
    '/statement/:userId',
    {
      config: { access: 'orders' },
      schema: { params: statementParams, querystring: monthQuery, response: statementAnswer },
    },
    async (request, reply) => {
      const { month, numbered } = monthOf(request.query.month, new Date());
      const { userId } = request.params;
      // HEAD runs this handler too: it says what a download would be, but numbers nothing.
      const outcome = await statements.one(userId, month, numbered && request.method !== 'HEAD');
      if (outcome.kind === 'missing') throw notFound(NOT_FOUND);
      if (outcome.kind === 'noEntries') {
        throw badRequest(
          outcome.firstAt
            ? `${outcome.name}'s account starts on ${dayText(outcome.firstAt)}: there is ` +
                `nothing to state for ${month.label}. Choose ` +
                `${statementMonth(currentMonthKey(outcome.firstAt)).label} or a later month.`
            : `${outcome.name}'s account has no entries yet: there is nothing to state for ` +
                `${month.label}.`,
        );
      }
      const { statement } = outcome;
      const headers = pdfHeaders(
        request.method === 'HEAD' && !statement.number
          ? `statement-${month.key}-${familyIdOf(userId)}.pdf`
          : statementFileName(statement),
      );
      if (request.method === 'HEAD') return reply.headers(headers).send();
      return reply.headers(headers).send(renderStatement(statement, await business.get()));
    },
  );

  app.get(
    '/statements',
    {
      config: { access: 'orders' },
      schema: { querystring: monthQuery, response: batchAnswer },
    },
    async (request, reply) => {
      const { month, numbered } = monthOf(request.query.month, new Date());
      const headers = pdfHeaders(`statements-${month.key}.pdf`);
      if (request.method === 'HEAD') return reply.headers(headers).send();
      if (request.raw.destroyed) return reply.code(204).send();
      const endTurn = await turns.take(request.log, 'statements', STATEMENTS_BUSY);
      if (request.raw.destroyed) {
        endTurn();
        return reply.code(204).send();
      }
      const batches = statements.postpaid(month, numbered);
      let first: IteratorResult<Statement[]>;
      let seller;
      try {
        seller = await business.get();
        first = await batches.next();
      } catch (err) {
        endTurn();
        await batches.return(undefined).catch(() => {});
        throw err;
      }
      const writer = createStatementPdf(`Statements of ${month.label}`, new Date(), seller);
      void writePdfBatches(
        writer,
        first.done ? [] : first.value,
        batches,
        request.log,
        'statements',
      ).finally(endTurn);
      return reply.headers(headers).send(writer.pdf);
    },
  );

  app.get(
    '/get-statements',
    {
      config: { access: 'orders' },
      schema: { querystring: statementListQuery, response: answers(statementPage) },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const month = statementMonth(request.query.month);
      const { rows, total } = await readStatements(request).list(
        month,
        page,
        limit,
        search || undefined,
      );
      return ok(`Statements of ${month.label}`, {
        statements: rows.map((r) => toDto(r, month.key)),
        month: month.key,
        ...pagingResult(total, page, limit),
      });
    },
  );
};

export default statementRoutes;

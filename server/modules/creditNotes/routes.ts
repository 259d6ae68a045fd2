import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatPaise } from '@shared/gst';
import { indiaMidnight, nextDay } from '@shared/time';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers, fileAnswer } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import { toNoteDto, toTotalsDto } from './dto';
import { issuePartCredit } from './issue';
import { noteFileName, renderNote } from './pdf';
import { createCreditNoteRepository } from './repository';
import {
  addCreditNoteBody,
  creditNoteIssued,
  creditNoteParams,
  creditNotePage,
  creditNotesQuery,
} from './schemas';
import { readRepository } from '../../plugins/readReplica';

const NOTE_NOT_FOUND = 'This credit note does not exist.';
const ORDER_NOT_FOUND = 'This order does not exist.';

const pdfHeaders = (fileName: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

const noteAnswer: FastifySchema['response'] = fileAnswer(
  'application/pdf',
  'The credit or debit note as issued (credit-note-<number>.pdf or debit-note-<number>.pdf): ' +
    'the same document on every download.',
);

/**
 * Addition (issue 38): `GET order/credit-note/{creditNoteId}` (a note's PDF),
 * `GET order/credit-notes?from=&to=` (the notes of a range of days) and
 * `POST order/add-credit-note` (an admin's credit of part of an invoice). Notes of cancelled,
 * taken-back and redelivered orders are issued by the status change itself
 * (server/modules/orders/statusChanges.ts). docs/api.md "Credit and debit notes".
 */
const creditNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const notes = createCreditNoteRepository(app.db);
  const readNotes = readRepository(app, notes, createCreditNoteRepository);

  app.get(
    '/credit-note/:creditNoteId',
    {
      config: { access: 'orders' },
      schema: { params: creditNoteParams, response: noteAnswer },
    },
    async (request, reply) => {
      const { creditNoteId } = request.params;
      if (request.method === 'HEAD') {
        const note = await notes.numberOf(creditNoteId);
        if (!note) throw notFound(NOTE_NOT_FOUND);
        return reply.headers(pdfHeaders(noteFileName(note.noteNo, note.kind))).send();
      }
      const document = await notes.document(creditNoteId);
      if (!document) throw notFound(NOTE_NOT_FOUND);
      return reply
        .headers(pdfHeaders(noteFileName(document.noteNo, document.kind)))
        .send(renderNote(document));
    },
  );

  app.get(
    '/credit-notes',
    {
      config: { access: 'orders' },
      schema: { querystring: creditNotesQuery, response: answers(creditNotePage) },
    },
    async (request) => {
      const { from, to, page, limit } = request.query;
      const start = indiaMidnight(from);
      const end = indiaMidnight(nextDay(to));
      const totals = await readNotes(request).totals(start, end);
      const total = totals.credit.count + totals.debit.count;
      const rows =
        total > (page - 1) * limit ? await readNotes(request).page(start, end, page, limit) : [];
      return ok('Credit notes', {
        creditNotes: rows.map(toNoteDto),
        ...pagingResult(total, page, limit),
        totals: toTotalsDto(totals),
      });
    },
  );

  app.post(
    '/add-credit-note',
    {
      config: { access: 'orders' },
      schema: { body: addCreditNoteBody, response: answers(creditNoteIssued) },
    },
    async (request) => {
      const { orderId, lines, reason } = request.body;
      const admin = request.admin ? { id: request.admin.id, name: request.admin.name } : null;
      const outcome = await app.db.transaction((tx) =>
        issuePartCredit(tx, orderId, lines, reason, admin),
      );
      switch (outcome.kind) {
        case 'missing':
          throw notFound(ORDER_NOT_FOUND);
        case 'noInvoice':
          throw conflict(
            `Order ${outcome.orderNo} has no tax invoice: a credit note is issued against an ` +
              'invoice, once the order is delivered.',
          );
        case 'noLine':
          throw badRequest(
            `Invoice ${outcome.invoiceNo} has ${outcome.lines} ` +
              `${outcome.lines === 1 ? 'line' : 'lines'}: there is no line ${outcome.line}.`,
          );
        case 'tooMuch': {
          const { line, description, leftPaise } = outcome.balance;
          throw conflict(
            `Line ${line}, ${description}, has ${formatPaise(leftPaise)} left to credit. ` +
              'Nothing was issued.',
          );
        }
      }
      const note = toNoteDto((await notes.one(outcome.note.id))!);
      request.audit({
        summary:
          `Issued a credit note of ${formatPaise(outcome.note.totalPaise)} for order ` +
          `#${note.orderId}`,
        changes: [
          { field: 'Credit note', from: null, to: note.noteNo },
          { field: 'Against invoice', from: null, to: note.invoiceNo },
          { field: 'Reason', from: null, to: reason },
        ],
        recordId: orderId,
      });
      return ok(`Credit note ${note.noteNo} issued.`, { creditNote: note });
    },
  );
};

export default creditNoteRoutes;

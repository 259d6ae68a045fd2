import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toRupees } from '@shared/account';
import { formatPaise } from '@shared/gst';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import type { Access } from '../../permissions';
import { parseSettlementFile } from './settlementCsv';
import {
  assignSettlementLine,
  importSettlement,
  importsPage,
  linesPage,
  shownDate,
  type ImportResult,
  type SettlementLineRow,
} from './settlementRepository';
import {
  assignAnswer,
  assignBody,
  importAnswer,
  importBody,
  importsPageAnswer,
  importsQuery,
  linesPageAnswer,
  linesQuery,
} from './settlementSchemas';

const adminOf = (request: FastifyRequest) =>
  request.admin ? { id: request.admin.id, name: request.admin.name } : null;

const lineDto = (l: SettlementLineRow) => ({
  _id: l.id,
  importId: l.importId,
  fileName: l.fileName,
  lineNo: l.lineNo,
  day: l.day,
  reference: l.reference,
  amount: toRupees(l.amount),
  payer: l.payer,
  status: l.status,
  note: l.note,
  entryId: l.entryId,
  userId: l.customerId,
  customerName: l.customerName,
});

function importMessage(r: ImportResult): string {
  if (r.fileAlreadyImported) {
    return `This file was already imported on ${shownDate(r.at)}; nothing changed.`;
  }
  const taken = r.matched.length + r.unmatched.length;
  const again = r.alreadyImported > 0 ? `, ${r.alreadyImported} already imported before` : '';
  return `${taken} line${taken === 1 ? '' : 's'} imported: ${r.matched.length} matched, ${r.unmatched.length} to assign${again}.`;
}

/** Settlement files (issue 36): account/import-settlement and the lines waiting to be assigned. */
const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const access: Access = 'orders';

  app.post(
    '/import-settlement',
    {
      config: { access, upload: { files: 1, kind: 'CSV file' } },
      schema: { body: importBody, response: answers(importAnswer) },
    },
    async (request) => {
      const lines = parseSettlementFile(request.body.file);
      const name = (request.uploadNames?.file ?? '').trim().slice(0, 200) || 'settlement.csv';
      const result = await importSettlement(
        db,
        { name, bytes: request.body.file, lines },
        adminOf(request),
      );
      return ok(importMessage(result), { ...result, at: result.at.toISOString() });
    },
  );

  app.get(
    '/settlement-imports',
    {
      config: { access },
      schema: { querystring: importsQuery, response: answers(importsPageAnswer) },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await importsPage(request.readDb, page, limit);
      return ok('Settlement imports', {
        imports: rows.map((i) => ({
          _id: i.id,
          at: i.at.toISOString(),
          fileName: i.fileName,
          lines: i.lines,
          matched: i.matched,
          unmatched: i.unmatched,
          alreadyImported: i.lines - i.matched - i.unmatched,
          adminName: i.adminName,
        })),
        ...pagingResult(total, page, limit),
      });
    },
  );

  app.get(
    '/settlement-lines',
    { config: { access }, schema: { querystring: linesQuery, response: answers(linesPageAnswer) } },
    async (request) => {
      const { page, limit, status, importId } = request.query;
      const { rows, total } = await linesPage(request.readDb, { status, importId }, page, limit);
      return ok('Settlement lines', {
        lines: rows.map(lineDto),
        ...pagingResult(total, page, limit),
      });
    },
  );

  app.post(
    '/assign-settlement-line',
    { config: { access }, schema: { body: assignBody, response: answers(assignAnswer) } },
    async (request) => {
      const { line, entry, customerName } = await assignSettlementLine(
        db,
        request.body,
        adminOf(request),
      );
      return ok(
        `${formatPaise(entry.amount)} recorded as a ${entry.kind === 'topup' ? 'top-up' : 'payment'} for ${customerName}.`,
        {
          line: lineDto(line),
          entry: {
            _id: entry.id,
            kind: entry.kind as 'payment' | 'topup',
            amount: toRupees(entry.amount),
            method: entry.method,
            balanceAfter: toRupees(entry.balanceAfter),
            at: entry.at.toISOString(),
          },
        },
      );
    },
  );
};

export default settlementRoutes;

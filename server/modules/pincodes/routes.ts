import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_BATCH, csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { pagingResult, activeOrInactive } from '../../lib/validation';
import { createPincodeRepository, toPincodeDto, type PincodeRow } from './repository';
import {
  addPincodeBody,
  deletePincodeParams,
  editPincodeBody,
  editPincodeParams,
  exportPincodesQuery,
  getPaginatedPincodesAnswer,
  getPaginatedPincodesQuery,
  getPincodeParams,
  onePincode,
} from './schemas';
import { PINCODE_FIELDS, diffRecords, editedWords } from '../../plugins/auditWords';
import { readRepository } from '../../plugins/readReplica';

/**
 * Pin codes are searched by the digits they start with, or (issue 37) by words of their area
 * or city: `400` or `Andheri`.
 */
function searchOf(search: string | undefined): { prefix?: string; place?: string } {
  const digits = search?.replace(/\s+/g, '');
  if (!digits) return {};
  return /^[0-9]+$/.test(digits) ? { prefix: digits } : { place: search!.trim() };
}

const PINCODE_CSV_COLUMNS: CsvColumn<PincodeRow>[] = [
  { header: 'Pin code', cell: (p) => p.number },
  { header: 'Pin type', cell: (p) => p.pinType },
  { header: 'Area', cell: (p) => p.area },
  { header: 'City', cell: (p) => p.city },
  { header: 'Status', cell: (p) => p.status },
  { header: 'Created (IST)', cell: (p) => p.createdAt },
];

const pincodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPincodeRepository(app.db);
  const reads = readRepository(app, repo, createPincodeRepository);

  async function writeErrors<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'pincodes_number_key')) {
        throw conflict('This pin code already exists.');
      }
      throw err;
    }
  }

  app.get(
    '/get-paginated-pincodes',
    {
      // Read by other areas too (the assigning-jobs dropdown, limit 1000).
      config: { access: 'signedIn' },
      schema: {
        querystring: getPaginatedPincodesQuery,
        response: getPaginatedPincodesAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      const { rows, total } = await reads(request).list({
        status,
        ...searchOf(q.search),
        sort: q.sort,
        order: q.sortOrder,
        page: q.page,
        limit: q.limit,
      });
      return ok('Pin codes', {
        pincodes: rows.map(toPincodeDto),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  // Addition: the pin code list as CSV, with get-paginated-pincodes' parameters but no paging.
  app.get(
    '/export-pincodes',
    {
      config: { access: 'signedIn' },
      schema: {
        querystring: exportPincodesQuery,
        response: csvAnswer('pincodes', 'Every pin code of the list with its search and sort'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      return sendCsv(request, reply, {
        name: 'pincodes',
        columns: PINCODE_CSV_COLUMNS,
        batches: reads(request).exportRows(
          { status, ...searchOf(q.search), sort: q.sort, order: q.sortOrder },
          CSV_BATCH,
        ),
      });
    },
  );

  // Addition: one pin code by id, so a reloaded edit or view screen can fill itself.
  app.get(
    '/get-pincode/:id',
    {
      config: { access: 'signedIn' },
      schema: { params: getPincodeParams, response: onePincode },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound('This pin code does not exist.');
      return ok('Pin code', { pincode: toPincodeDto(row) });
    },
  );

  app.post(
    '/add',
    {
      config: { access: 'others' },
      schema: {
        body: addPincodeBody,
        response: onePincode,
      },
    },
    async (request) => {
      const { pinCode: number, pinType: type, area, city } = request.body;
      const created = await writeErrors(() =>
        repo.create({ number, pinType: type, area: area ?? '', city: city ?? '' }),
      );
      return ok(`Pin code ${number} added successfully`, { pincode: toPincodeDto(created) });
    },
  );

  app.post(
    '/edit-pincode/:id',
    {
      config: { access: 'others' },
      schema: {
        params: editPincodeParams,
        body: editPincodeBody,
        response: onePincode,
      },
    },
    async (request) => {
      const { number, pinType: type, area, city } = request.body;
      const before = await repo.findById(request.params.id);
      // Left out, the area and city stay as they are; sent blank, they are cleared.
      const updated = await writeErrors(() =>
        repo.update(request.params.id, {
          number,
          ...(type ? { pinType: type } : {}),
          ...(area !== undefined ? { area } : {}),
          ...(city !== undefined ? { city } : {}),
        }),
      );
      if (!updated) throw notFound('This pin code does not exist.');
      const changes = diffRecords(before, updated, PINCODE_FIELDS);
      request.audit({
        summary: editedWords('pin code', before?.number ?? updated.number, changes),
        changes,
      });
      return ok(`Pin code ${number} updated successfully`, { pincode: toPincodeDto(updated) });
    },
  );

  app.post(
    '/delete-pincode/:id',
    {
      config: { access: 'others' },
      schema: { params: deletePincodeParams, response: onePincode },
    },
    async (request) => {
      const removed = await repo.remove(request.params.id);
      if (!removed) throw notFound('This pin code does not exist.');
      return ok(`Pin code ${removed.number} deleted successfully`, {
        pincode: toPincodeDto(removed),
      });
    },
  );
};

export default pincodeRoutes;

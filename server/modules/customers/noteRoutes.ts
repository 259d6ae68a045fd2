import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { pagingResult } from '../../lib/validation';
import { addCustomerNote, customerNotePage, toNoteDto } from './notes';
import {
  userAddNoteAnswer,
  userAddNoteBody,
  userGetUserParams,
  userNotesAnswer,
  userNotesQuery,
} from './schemas';

const NOT_FOUND = 'This user does not exist.';

/**
 * Additions (issue 37): a customer's internal notes, read and written by whoever manages
 * customers (User Management), each with its author and time.
 */
const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = 'userManagement' as const;

  app.get(
    '/user/notes/:id',
    {
      config: { access },
      schema: { params: userGetUserParams, querystring: userNotesQuery, response: userNotesAnswer },
    },
    async (request) => {
      const { page, limit } = request.query;
      const found = await customerNotePage(request.readDb, request.params.id, page, limit);
      if (!found) throw notFound(NOT_FOUND);
      return ok('Notes', {
        notes: found.rows.map(toNoteDto),
        ...pagingResult(found.total, page, limit),
      });
    },
  );

  app.post(
    '/user/add-note',
    {
      config: { access },
      schema: { body: userAddNoteBody, response: userAddNoteAnswer },
    },
    async (request) => {
      const { userId, body } = request.body;
      const admin = request.admin ? { id: request.admin.id, name: request.admin.name } : null;
      const row = await addCustomerNote(app.db, { customerId: userId, body, admin });
      if (!row) throw notFound(NOT_FOUND);
      return ok('Note added successfully', { note: toNoteDto(row) });
    },
  );
};

export default noteRoutes;

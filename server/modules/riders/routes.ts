import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indiaDay } from '@shared/time';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import { toOrderDto } from '../orders/dto';
import { cashWithSettlements, dispatchSummary, rupees, settleCash, toSettlementDto } from './cash';
import { createRiderRepository, toRiderDto, type RiderRow, type RiderValues } from './repository';
import {
  cashSettledDto,
  dayCashDto,
  createRiderBody,
  dayOnlyQuery,
  dispatchSummaryDto,
  oneRider,
  editRiderBody,
  riderIdParams,
  riderListQuery,
  riderPage,
  riderRun,
  runParams,
  runQuery,
  settleCashBody,
} from './schemas';
import { readRepository } from '../../plugins/readReplica';
import { doorOutcomesOf } from '../riderApp/repository';

const NOT_FOUND = 'This rider does not exist.';

/** `1 open job`, `3 open jobs`. */
const jobsOf = (n: number) => `${n} open job${n === 1 ? '' : 's'}`;

const riderRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createRiderRepository(app.db);
  const reads = readRepository(app, repo, createRiderRepository);

  /** The rider with its load for `day`. */
  async function riderAnswer(row: RiderRow, day: string) {
    const loads = await repo.loadsOf([row.id], day);
    return toRiderDto(row, loads.get(row.id));
  }

  /** 400 naming the pin codes that are not service areas (the pin codes table). */
  async function checkServiceAreas(pins: string[]) {
    const unknown = await repo.unknownPincodes(pins);
    if (unknown.length === 1) {
      throw badRequest(
        `Pin code ${unknown[0]} is not a service area. Add it under Pin Codes first.`,
      );
    }
    if (unknown.length > 1) {
      throw badRequest(
        `Pin codes ${unknown.join(', ')} are not service areas. Add them under Pin Codes first.`,
      );
    }
  }

  async function writeErrors<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'riders_phone_key')) {
        throw conflict('A rider with this phone number already exists.');
      }
      throw err;
    }
  }

  app.get(
    '/get-riders',
    {
      config: { access: 'assigningJobs' },
      schema: {
        querystring: riderListQuery,
        response: answers(riderPage),
      },
    },
    async (request) => {
      const q = request.query;
      const { riders, total } = await reads(request).list({
        status: q.status,
        search: q.search || undefined,
        pincode: q.pincode,
        prefer: q.prefer,
        sort: q.sort,
        order: q.sortOrder,
        page: q.page,
        limit: q.limit,
        day: q.date,
      });
      return ok('Riders', {
        riders: riders.map((r) => toRiderDto(r.row, r.load, r.serves)),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  app.get(
    '/get-rider/:id',
    {
      config: { access: 'assigningJobs' },
      schema: {
        params: riderIdParams,
        querystring: dayOnlyQuery,
        response: answers(oneRider),
      },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      return ok('Rider', { rider: await riderAnswer(row, request.query.date) });
    },
  );

  app.post(
    '/create-rider',
    {
      config: { access: 'assigningJobs' },
      schema: { body: createRiderBody, response: answers(oneRider) },
    },
    async (request) => {
      const { vehicle, status, ...fields } = request.body;
      await checkServiceAreas(fields.pincodes);
      const created = await writeErrors(() =>
        repo.create({ ...fields, vehicle: vehicle ?? '', status: status ?? 'Active' }),
      );
      return ok('Rider added successfully!', { rider: toRiderDto(created) });
    },
  );

  app.post(
    '/edit-rider',
    {
      config: { access: 'assigningJobs' },
      schema: { body: editRiderBody, response: answers(oneRider) },
    },
    async (request) => {
      const { riderId: id, vehicle, status, ...fields } = request.body;
      // A missing rider is said before its pin codes are checked.
      if (!(await repo.findById(id))) throw notFound(NOT_FOUND);
      await checkServiceAreas(fields.pincodes);
      // Vehicle and status left out are kept.
      const values: RiderValues = {
        ...fields,
        ...(vehicle === undefined ? {} : { vehicle }),
        ...(status === undefined ? {} : { status }),
      };
      const updated = await writeErrors(() => repo.update(id, values));
      if (!updated) throw notFound(NOT_FOUND);
      return ok('Rider updated successfully!', {
        rider: await riderAnswer(updated, indiaDay(new Date())),
      });
    },
  );

  app.post(
    '/delete-rider/:id',
    {
      config: { access: 'assigningJobs' },
      schema: { params: riderIdParams, response: answers(oneRider) },
    },
    async (request) => {
      const done = await repo.remove(request.params.id, indiaDay(new Date()));
      if (done.outcome === 'missing') throw notFound(NOT_FOUND);
      if (done.outcome === 'open') {
        throw conflict(
          `${done.rider.name} has ${jobsOf(done.openJobs)}. Reassign or unassign them first.`,
        );
      }
      return ok('Rider deleted successfully!', { rider: toRiderDto(done.rider, done.load) });
    },
  );

  app.get(
    '/run/:riderId',
    {
      config: { access: 'assigningJobs' },
      schema: {
        params: runParams,
        querystring: runQuery,
        response: answers(riderRun),
      },
    },
    async (request) => {
      const { date, shift } = request.query;
      const row = await repo.findById(request.params.riderId);
      if (!row) throw notFound(NOT_FOUND);
      const [rider, run] = await Promise.all([
        riderAnswer(row, date),
        reads(request).run(row.id, date, shift),
      ]);
      // What the rider reported at each door (issue 40), read where the run was.
      const outcomes = await doorOutcomesOf(
        request.readDb,
        run.rows.map((r) => r.order.id),
      );
      return ok(`${rider.name}'s run`, {
        rider,
        jobs: run.rows.map((r) => ({
          ...toOrderDto(r),
          doorOutcome: outcomes.get(r.order.id) ?? null,
        })),
        totalRecords: run.total,
      });
    },
  );

  app.get(
    '/cash',
    {
      config: { access: 'assigningJobs' },
      schema: {
        querystring: dayOnlyQuery,
        response: answers(dayCashDto),
      },
    },
    async (request) => {
      const { date } = request.query;
      return ok('Cash on delivery', { date, ...(await cashWithSettlements(request.readDb, date)) });
    },
  );

  app.post(
    '/settle-cash',
    {
      config: { access: 'assigningJobs' },
      schema: {
        body: settleCashBody,
        response: answers(cashSettledDto),
      },
    },
    async (request) => {
      const { riderId: id, date, amount } = request.body;
      if (date > indiaDay(new Date())) {
        throw badRequest(
          `${date} is in the future. Cash can be recorded for today or an earlier day.`,
        );
      }
      const outcome = await settleCash(app.db, { riderId: id, day: date, amount }, request.admin);
      if (!outcome) throw notFound(NOT_FOUND);
      const { rider, settlement, cash } = outcome;
      return ok(`Cash of ${rupees(Number(settlement.amount))} recorded for ${rider.name}.`, {
        settlement: toSettlementDto(settlement),
        expected: cash?.expected ?? 0,
        handedIn: cash?.handedIn ?? 0,
        difference: cash?.difference ?? 0,
      });
    },
  );

  app.get(
    '/dispatch-summary',
    {
      config: { access: 'assigningJobs' },
      schema: {
        querystring: dayOnlyQuery,
        response: answers(dispatchSummaryDto),
      },
    },
    async (request) => {
      const { date } = request.query;
      return ok('Dispatch', { date, ...(await dispatchSummary(request.readDb, date)) });
    },
  );
};

export default riderRoutes;

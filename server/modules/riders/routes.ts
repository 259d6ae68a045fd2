import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { riderCashSettlementsTable, ridersTable, type RiderShift } from '../../db/schema';
import { isPinCode } from '@shared/pincode';
import { indiaDay } from '@shared/time';
import {
  badRequest,
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers, count, money, pagingFields, recordStatus, timestamp } from '../../lib/responses';
import {
  isCalendarDay,
  optionalText,
  pagingQuery,
  pagingResult,
  requiredId,
  requiredText,
} from '../../lib/validation';
import { toOrderDto } from '../orders/dto';
import { pincode } from '../orders/filters';
import { orderDto } from '../orders/schemas';
import {
  cashOfDay,
  dispatchSummary,
  settlementsOfDay,
  toSettlementDto,
  SUMMARY_RIDERS,
} from './cash';
import {
  createRiderRepository,
  RIDER_SORTS,
  RUN_BOUND,
  toRiderDto,
  type RiderRow,
  type RiderSort,
  type RiderValues,
} from './repository';
import { DAY_MESSAGE, dayQuery, runQuery } from './query';

const NOT_FOUND = 'This rider does not exist.';
const RIDER_SHIFTS = ['Morning', 'Evening', 'Both'] as const satisfies readonly RiderShift[];
const PHONE_MESSAGE =
  'Phone must be an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (e.g. 98450 00101).';
/** The most pin codes a rider serves, and the most `prefer` takes. */
const MAX_PINCODES = 50;
/** The most cash one hand-in records: ₹10,00,000. */
const MAX_CASH = 1_000_000;

const riderId = requiredId('Rider id');

/** A day in a body: required. */
const dayField = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Date is required.' : DAY_MESSAGE),
  })
  .trim()
  .min(1, 'Date is required.')
  .refine(isCalendarDay, { error: DAY_MESSAGE });

/**
 * A rider's pin codes: a list (or, from a form, text separated by commas) of 1 to 50 six-digit
 * pin codes; the same one twice counts once; kept sorted.
 */
const riderPincodes = z.preprocess(
  (v) => {
    const list = typeof v === 'string' ? v.split(',') : v;
    return Array.isArray(list)
      ? list
          .map((p: unknown) => (typeof p === 'number' ? String(p) : p))
          .map((p: unknown) => (typeof p === 'string' ? p.trim() : p))
          .filter((p: unknown) => p !== '')
      : list;
  },
  z
    .array(z.string({ error: 'Each pin code must be 6 digits.' }), {
      error: (issue) =>
        issue.input === undefined
          ? 'Choose the pin codes the rider serves.'
          : 'Pin codes must be a list of 6-digit pin codes.',
    })
    .superRefine((pins, ctx) => {
      const bad = pins.find((p) => !isPinCode(p));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `Pin code ${JSON.stringify(bad).slice(1, -1)} must be 6 digits.`,
        });
      }
    })
    .transform((pins) => [...new Set(pins)].sort())
    .refine((pins) => pins.length >= 1, { error: 'Choose at least one pin code the rider serves.' })
    .refine((pins) => pins.length <= MAX_PINCODES, {
      error: `A rider can serve at most ${MAX_PINCODES} pin codes.`,
    }),
);

/**
 * An Indian mobile number, stored as its 10 digits: `+91`, `91` or `0` before it, and spaces or
 * dashes between the groups, are accepted and dropped.
 */
const riderPhone = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: 'Phone is required.' })
    .trim()
    .min(1, 'Phone is required.')
    .max(30, 'Phone must be at most 30 characters.')
    .transform((v, ctx) => {
      const m = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(v.replace(/[\s-]/g, ''));
      if (!m) {
        ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return m[1]!;
    }),
);

const riderFields = {
  name: requiredText('Name', 80).min(2, 'Name must be at least 2 characters.'),
  phone: riderPhone,
  vehicle: optionalText('Vehicle', 60),
  pincodes: riderPincodes,
  shift: z.enum(RIDER_SHIFTS, { error: `Shift must be one of: ${RIDER_SHIFTS.join(', ')}.` }),
  status: z
    .enum(['Active', 'Inactive'], { error: 'Status must be Active or Inactive.' })
    .optional(),
};

/**
 * A cash amount in rupees: more than 0, at most ₹10,00,000, at most two decimals (paise); a
 * number, or text as a form sends it (`1,250.50` too). Kept as exact decimal text.
 */
const cashAmount = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'Amount is required.'
        : 'Amount must be a number.',
  })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim().replace(/,/g, '');
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (text === '') return fail('Amount is required.');
    if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(Number(text))) {
      return fail('Amount must be a number.');
    }
    const n = Number(text);
    if (n <= 0) return fail('Amount must be more than 0.');
    if (n > MAX_CASH) return fail(`Amount must be at most ${rupees(MAX_CASH)}.`);
    if (!/^\d+(\.\d{1,2})?$/.test(text)) {
      return fail('Amount must be in rupees with at most 2 decimals (paise).');
    }
    return n.toFixed(2);
  });

/** `₹1,250.00`, Indian grouping. */
function rupees(n: number): string {
  return `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * `prefer`: pin codes separated by commas (or the parameter repeated), at most 50; the riders
 * serving any of them come first.
 */
const preferQuery = z
  .preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z
      .string({ error: 'Prefer must be 6-digit pin codes separated by commas.' })
      .max(1000, `Prefer takes at most ${MAX_PINCODES} pin codes.`)
      .optional(),
  )
  .transform((v, ctx) => {
    const pins = [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ];
    if (pins.some((p) => !/^\d{6}$/.test(p))) {
      ctx.addIssue({
        code: 'custom',
        message: 'Prefer must be 6-digit pin codes separated by commas.',
      });
      return z.NEVER;
    }
    if (pins.length > MAX_PINCODES) {
      ctx.addIssue({ code: 'custom', message: `Prefer takes at most ${MAX_PINCODES} pin codes.` });
      return z.NEVER;
    }
    return pins.length ? pins : undefined;
  });

const SORT_KEYS = Object.keys(RIDER_SORTS) as [RiderSort, ...RiderSort[]];

const riderDto = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  vehicle: z.string(),
  pincodes: z.array(z.string()),
  shift: z.enum(RIDER_SHIFTS),
  status: recordStatus,
  jobs: count.meta({
    description: 'Jobs given to the rider for the day asked (default today), any status',
  }),
  openJobs: count.meta({
    description: 'Jobs given to the rider still Pending or Out for Delivery, any day',
  }),
  serves: z
    .boolean()
    .optional()
    .meta({ description: 'Only with `prefer`: whether the rider serves any of those pin codes' }),
  createdAt: timestamp,
  updatedAt: timestamp,
});
const oneRider = answers(z.object({ rider: riderDto }));

const settlementDto = z.object({
  _id: z.string(),
  amount: money,
  settledByName: z.string().nullable(),
  settledAt: timestamp,
});

const riderCashDto = z.object({
  riderId: z
    .string()
    .nullable()
    .meta({ description: 'null for cash handed in by a rider deleted since' }),
  name: z.string(),
  deliveredCod: count,
  expected: money,
  handedIn: money,
  difference: money,
  settlements: z.array(settlementDto),
});

const cashTotals = z.object({ expected: money, handedIn: money, difference: money });

/** `1 open job`, `3 open jobs`. */
const jobsOf = (n: number) => `${n} open job${n === 1 ? '' : 's'}`;

const riderRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createRiderRepository(app.db);

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
        querystring: z.object({
          ...pagingQuery,
          status: z
            .enum(['Active', 'Inactive', 'All', ''], {
              error: 'Status must be Active or Inactive.',
            })
            .optional()
            .transform((v) => (v === 'Active' || v === 'Inactive' ? v : undefined)),
          sort: z
            .enum(SORT_KEYS, { error: `Sort must be one of: ${SORT_KEYS.join(', ')}.` })
            .default('name'),
          pincode,
          prefer: preferQuery,
          date: dayQuery,
        }),
        response: answers(z.object({ riders: z.array(riderDto), ...pagingFields })),
      },
    },
    async (request) => {
      const q = request.query;
      const { riders, total } = await repo.list({
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
        params: z.object({ id: riderId }),
        querystring: z.object({ date: dayQuery }),
        response: oneRider,
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
      schema: { body: z.object(riderFields), response: oneRider },
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
      schema: { body: z.object({ riderId, ...riderFields }), response: oneRider },
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
      schema: { params: z.object({ id: riderId }), response: oneRider },
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
        params: z.object({ riderId }),
        querystring: runQuery,
        response: answers(
          z.object({
            rider: riderDto,
            jobs: z.array(orderDto).meta({
              description: `The rider's jobs of the day (and round), emergencies first, then pin code, then oldest first; at most ${RUN_BOUND}`,
            }),
            totalRecords: count,
          }),
        ),
      },
    },
    async (request) => {
      const { date, shift } = request.query;
      const row = await repo.findById(request.params.riderId);
      if (!row) throw notFound(NOT_FOUND);
      const [rider, run] = await Promise.all([
        riderAnswer(row, date),
        repo.run(row.id, date, shift),
      ]);
      return ok(`${rider.name}'s run`, {
        rider,
        jobs: run.rows.map(toOrderDto),
        totalRecords: run.total,
      });
    },
  );

  app.get(
    '/cash',
    {
      config: { access: 'assigningJobs' },
      schema: {
        querystring: z.object({ date: dayQuery }),
        response: answers(
          z.object({ date: z.iso.date(), riders: z.array(riderCashDto), totals: cashTotals }),
        ),
      },
    },
    async (request) => {
      const { date } = request.query;
      const [cash, settlements] = await Promise.all([
        cashOfDay(app.db, date),
        settlementsOfDay(app.db, date),
      ]);
      const byRider = (id: string | null, name: string) =>
        settlements
          .filter((s) =>
            id === null ? s.riderId === null && s.riderName === name : s.riderId === id,
          )
          .map(toSettlementDto);
      return ok('Cash on delivery', {
        date,
        riders: cash.riders.map((r) => ({ ...r, settlements: byRider(r.riderId, r.name) })),
        totals: cash.totals,
      });
    },
  );

  app.post(
    '/settle-cash',
    {
      config: { access: 'assigningJobs' },
      schema: {
        body: z.object({ riderId, date: dayField, amount: cashAmount }),
        response: answers(
          z.object({
            settlement: settlementDto,
            expected: money,
            handedIn: money,
            difference: money,
          }),
        ),
      },
    },
    async (request) => {
      const { riderId: id, date, amount } = request.body;
      if (date > indiaDay(new Date())) {
        throw badRequest(
          `${date} is in the future. Cash can be recorded for today or an earlier day.`,
        );
      }
      const admin = request.admin;
      let outcome;
      try {
        outcome = await app.db.transaction(async (tx) => {
          // Kept until commit: the rider cannot be deleted between the check and the insert.
          const [rider] = await tx
            .select({ id: ridersTable.id, name: ridersTable.name })
            .from(ridersTable)
            .where(eq(ridersTable.id, id))
            .for('key share');
          if (!rider) return undefined;
          const [settlement] = await tx
            .insert(riderCashSettlementsTable)
            .values({
              riderId: rider.id,
              riderName: rider.name,
              runDate: date,
              amount,
              settledBy: admin?.id ?? null,
              settledByName: admin?.name ?? null,
            })
            .returning();
          const cash = await cashOfDay(tx, date, rider.id);
          return { rider, settlement: settlement!, cash: cash.riders[0] };
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw notFound(NOT_FOUND);
        throw err;
      }
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
        querystring: z.object({ date: dayQuery }),
        response: answers(
          z.object({
            date: z.iso.date(),
            unassignedJobs: count.meta({
              description:
                'Open jobs (Pending, Out for Delivery) with no rider, every service and day',
            }),
            ridersActive: count,
            riders: z
              .array(
                z.object({
                  _id: z.string(),
                  name: z.string(),
                  jobs: count,
                  delivered: count,
                  open: count,
                }),
              )
              .meta({
                description: `Riders with jobs that day, most jobs first, at most ${SUMMARY_RIDERS}`,
              }),
            cashNotHandedIn: money,
          }),
        ),
      },
    },
    async (request) => {
      const { date } = request.query;
      return ok('Dispatch', { date, ...(await dispatchSummary(app.db, date)) });
    },
  );
};

export default riderRoutes;

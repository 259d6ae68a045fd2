import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countOf } from '../../lib/bulk';
import { indiaDay } from '@shared/time';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { auditEach } from '../../plugins/audit';
import { assignRider } from './assignRepository';
import { autoAssign, type AutoAssignOutcome } from './autoAssign';
import { findSheetService } from './jobSheetRows';
import {
  assignedDto,
  assignRiderBody,
  autoAssignBody,
  autoAssignedDto,
  serviceParams,
} from './schemas';

const NO_SERVICE = 'This service does not exist.';
/** Pin codes a message names before it says how many more. */
const PINCODES_NAMED = 10;

const number = (n: number) => n.toLocaleString('en-IN');
/** `1 job`, `2,000 jobs`. */
const jobs = (n: number) => `${number(n)} ${n === 1 ? 'job' : 'jobs'}`;

/** `5 jobs assigned to Ravi Kumar. 1 was already with Ravi Kumar.`, `5 jobs unassigned.` */
function assignMessage(rider: { name: string } | null, changed: number, unchanged: number) {
  const were = (n: number) => `${number(n)} ${n === 1 ? 'was' : 'were'}`;
  if (!rider) {
    if (!changed)
      return unchanged === 1
        ? 'The job has no rider.'
        : `None of the ${unchanged} jobs has a rider.`;
    const none = unchanged ? ` ${were(unchanged)} not assigned.` : '';
    return `${jobs(changed)} unassigned.${none}`;
  }
  if (!changed) {
    return unchanged === 1
      ? `The job is already with ${rider.name}.`
      : `All ${number(unchanged)} jobs are already with ${rider.name}.`;
  }
  const already = unchanged ? ` ${were(unchanged)} already with ${rider.name}.` : '';
  return `${jobs(changed)} assigned to ${rider.name}.${already}`;
}

/** Pin codes as a message names them: the first ten, then how many more. */
function pincodeList(pincodes: string[]): string {
  const named = pincodes.slice(0, PINCODES_NAMED).join(', ');
  const more = pincodes.length - PINCODES_NAMED;
  return more > 0 ? `${named} and ${number(more)} more` : named;
}

/**
 * `42 jobs assigned to 6 riders. 3 jobs have no rider for their pin code (560099).`, with the
 * jobs whose pin code has riders but none in their round, and the jobs left for another call.
 */
function autoAssignMessage(out: AutoAssignOutcome): string {
  const parts: string[] = [];
  if (out.assigned) {
    parts.push(`${jobs(out.assigned)} assigned to ${countOf(out.riders.length, 'rider')}.`);
  } else if (!out.withoutRider) {
    parts.push('There are no unassigned jobs to give out.');
  } else {
    parts.push('No jobs were assigned.');
  }
  const have = (n: number) => `${jobs(n)} ${n === 1 ? 'has' : 'have'}`;
  if (out.withoutPincodeRider) {
    const their = out.withoutPincodeRider === 1 ? 'its' : 'their';
    parts.push(
      `${have(out.withoutPincodeRider)} no rider for ${their} pin code ` +
        `(${pincodeList(out.pincodesWithoutRider)}).`,
    );
  }
  const offRound = out.withoutRider - out.withoutPincodeRider;
  if (offRound) {
    parts.push(`${have(offRound)} no rider working ${offRound === 1 ? 'its' : 'their'} round.`);
  }
  if (out.remaining) {
    parts.push(
      `${number(out.remaining)} more ${out.remaining === 1 ? 'waits' : 'wait'}: run auto-assign again.`,
    );
  }
  return parts.join(' ');
}

/** Giving jobs to riders (issue 15.2): assign-rider, auto-assign. */
const assignRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOf = (request: { admin?: { id: string; name: string } | null }) =>
    request.admin ? { id: request.admin.id, name: request.admin.name } : null;

  app.post(
    '/assign-rider',
    {
      // Each changed order gets its own audit row, written in the transaction.
      config: { access: 'assigningJobs', audit: false },
      schema: {
        body: assignRiderBody,
        response: answers(assignedDto),
      },
    },
    async (request) => {
      const { orderIds, riderId } = request.body;
      const outcome = await assignRider(app.db, {
        ids: orderIds,
        riderId,
        runDate: request.body.date ?? indiaDay(new Date()),
        admin: adminOf(request),
        alsoWrite: (tx, changed) => auditEach(tx, request, changed, '/api/order/assign-rider'),
      });
      const assigned = outcome.changed.length;
      const unchanged = outcome.unchanged.length;
      return ok(assignMessage(outcome.rider, assigned, unchanged), { assigned, unchanged });
    },
  );

  app.post(
    '/auto-assign/:serviceId',
    {
      config: { access: 'assigningJobs', audit: false },
      schema: {
        params: serviceParams,
        body: autoAssignBody,
        response: answers(autoAssignedDto),
      },
    },
    async (request) => {
      const { serviceId } = request.params;
      if (!(await findSheetService(app.db, serviceId))) throw notFound(NO_SERVICE);
      const out = await autoAssign(app.db, {
        serviceId,
        runDate: request.body.date,
        pincode: request.body.pincode,
        admin: adminOf(request),
        alsoWrite: (tx, changed) =>
          auditEach(tx, request, changed, '/api/order/auto-assign/:serviceId'),
      });
      return ok(autoAssignMessage(out), {
        assigned: out.assigned,
        withoutRider: out.withoutRider,
        remaining: out.remaining,
        riders: out.riders.map((r) => ({ _id: r.id, name: r.name, jobs: r.jobs })),
        pincodesWithoutRider: out.pincodesWithoutRider,
      });
    },
  );
};

export default assignRoutes;

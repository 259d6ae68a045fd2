import type { CategoryKind, RunShift } from '../../db/schema';
import { addressLine, formatRupees, type JobSheetJob } from '../orders/jobSheet';
import { INDIA_TIME_ZONE } from '@shared/time';

// What a run sheet says (its words, figures and totals); runSheet.ts lays it out on the pages.

export type RunSheetJob = JobSheetJob;

/** What the rider carries back: jobs, empties, cash (jobs not cancelled). */
export interface RunSheetTotals {
  jobs: number;
  emergencies: number;
  jars: number;
  cylinders: number;
  /** The paid amount of the cash-on-delivery jobs, in rupees. */
  cash: number;
  cashJobs: number;
}

export const printedFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const runDayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
export const placedFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
export const countFormat = new Intl.NumberFormat('en-IN');
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${countFormat.format(n)} ${n === 1 ? one : many}`;

/** '2026-11-24' -> 'Tuesday, 24 Nov 2026'. */
export const runDay = (day: string) => runDayFormat.format(new Date(`${day}T00:00:00Z`));
/** A rider's ten digits as they are read out: '98450 00101'. */
export const phoneText = (phone: string) =>
  /^\d{10}$/.test(phone) ? `${phone.slice(0, 5)} ${phone.slice(5)}` : phone;
export const roundText = (shift?: RunShift) =>
  shift ? `${shift} round` : 'Morning and evening rounds';

/** Empties are collected on water (jars) and oxygen (cylinders) jobs only. */
function empties(kind: CategoryKind): 'jar' | 'cylinder' | undefined {
  return kind === 'water' ? 'jar' : kind === 'oxygen' ? 'cylinder' : undefined;
}

/** The amount the customer pays (older orders lack total_amount: price + delivery). */
const paidOf = (job: RunSheetJob) => job.totalAmount ?? job.price + job.deliveryCharge;
const isCash = (job: RunSheetJob) => job.paymentMethod === 'Cash on Delivery';

/** Totals of the jobs (cancelled ones left out: nothing is delivered or collected). */
export function runSheetTotals(jobs: readonly RunSheetJob[]): RunSheetTotals {
  const totals: RunSheetTotals = {
    jobs: 0,
    emergencies: 0,
    jars: 0,
    cylinders: 0,
    cash: 0,
    cashJobs: 0,
  };
  let paise = 0;
  for (const job of jobs) {
    if (job.status === 'Cancelled') continue;
    totals.jobs += 1;
    if (job.isEmergency) totals.emergencies += 1;
    const what = empties(job.service.kind);
    if (what === 'jar') totals.jars += job.returnQuantity;
    if (what === 'cylinder') totals.cylinders += job.returnQuantity;
    if (isCash(job)) {
      // Summed in paise: rupee fractions do not add exactly as floating point.
      paise += Math.round(paidOf(job) * 100);
      totals.cashJobs += 1;
    }
  }
  totals.cash = paise / 100;
  return totals;
}

export type Row = [label: string, value: string];

/** One job as two columns: who and where on the left, what to hand over and take on the right. */
export function jobRows(job: RunSheetJob): { left: Row[]; right: Row[] } {
  const left: Row[] = [['Customer', `${job.user.name}, ${job.user.phone || 'no phone'}`]];
  const right: Row[] = [];
  const kind = job.service.kind;
  if (kind === 'tiffin') {
    left.push(['Drop', addressLine(job.deliveryAddress ?? job.address)]);
    left.push(['Pickup', addressLine(job.pickupAddress)]);
    const plan = job.plan ? `${job.plan.name} (${job.plan.duration} days)` : job.service.name;
    right.push(['Plan', `${plan} x ${job.quantity}`]);
    right.push(['Pickup at', job.pickupTime ?? 'any time']);
  } else {
    left.push(['Address', addressLine(job.address)]);
    const items = [`${job.product?.name ?? job.service.name} x ${job.quantity}`];
    for (const a of job.accessories) items.push(`${a.detail.name} x ${a.quantity}`);
    right.push(['Items', items.join('; ')]);
  }
  const what = empties(kind);
  if (what && job.returnQuantity > 0) {
    right.push(['Collect', `${plural(job.returnQuantity, `empty ${what}`)}`]);
  }
  right.push([
    'Cash',
    isCash(job)
      ? `Collect ${formatRupees(paidOf(job))}`
      : job.paymentMethod === 'Wallet'
        ? 'Paid from wallet'
        : 'Paid online',
  ]);
  if (job.specialInstruction?.trim()) left.push(['Note', job.specialInstruction]);
  return { left, right };
}

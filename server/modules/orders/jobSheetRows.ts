import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categoriesTable, type CategoryKind } from '../../db/schema';
import { toAccessoryDto, toOrderDto } from './dto';
import { renderJobSheet, type JobSheetHeading, type JobSheetJob } from './jobSheet';
import type { OrderFilter } from './conditions';
import type { OrderRepository } from './repository';

/** Jobs read per query while a sheet is written. */
export const SHEET_BATCH = 500;
/** The most jobs the base64 sheet of assign-jobs holds (docs/api.md); the panel streams the rest. */
export const INLINE_SHEET_JOBS = 1000;

export interface SheetService {
  name: string;
  kind: CategoryKind;
}

/** The service a sheet is for, or undefined when there is no such service. */
export async function findSheetService(
  db: Database,
  serviceId: string,
): Promise<SheetService | undefined> {
  const [service] = await db
    .select({ name: categoriesTable.name, kind: categoriesTable.kind })
    .from(categoriesTable)
    .where(eq(categoriesTable.id, serviceId));
  return service;
}

/**
 * What the sheet says above its jobs: the filter, and the open jobs in all and per pin code,
 * from the counters (one small query, before any row is read).
 */
export async function sheetHeading(
  repo: OrderRepository,
  service: SheetService,
  filter: OrderFilter,
  opts: { limit?: number; printedAt?: Date } = {},
): Promise<JobSheetHeading> {
  const perPincode = await repo.countsByPincode(filter);
  let total = 0;
  for (const n of perPincode.values()) total += n;
  return {
    service,
    pincode: filter.pincode,
    search: filter.search,
    printedAt: opts.printedAt ?? new Date(),
    total,
    perPincode,
    limit: opts.limit,
  };
}

/**
 * The jobs of the filter in the sheet's order, `batchSize` at a time, each with its accessories:
 * two indexed queries per batch, the next batch read while the current one is laid out. Stops
 * after `limit` jobs. Stopping the loop early (break, return) reads nothing more.
 */
export async function* jobSheetBatches(
  repo: OrderRepository,
  filter: OrderFilter,
  opts: { batchSize?: number; limit?: number } = {},
): AsyncGenerator<JobSheetJob[]> {
  const batchSize = opts.batchSize ?? SHEET_BATCH;
  let left = opts.limit ?? Infinity;

  async function read(afterId: string | undefined, size: number): Promise<JobSheetJob[]> {
    const rows = await repo.jobSheetBatch(filter, afterId, size);
    const accessories = await repo.accessoriesOf(rows.map((row) => row.order.id));
    return rows.map((row) => ({
      ...toOrderDto(row),
      accessories: (accessories.get(row.order.id) ?? []).map(toAccessoryDto),
    }));
  }
  /** A read that may be abandoned (the loop stopped): its failure then goes nowhere. */
  const start = (afterId: string | undefined) => {
    const size = Math.min(batchSize, left);
    const reading = read(afterId, size);
    reading.catch(() => {});
    return { reading, size };
  };

  let next: ReturnType<typeof start> | undefined = left > 0 ? start(undefined) : undefined;
  while (next) {
    const jobs = await next.reading;
    left -= jobs.length;
    const full = jobs.length === next.size;
    next = full && left > 0 ? start(jobs.at(-1)!._id) : undefined;
    if (jobs.length) yield jobs;
  }
}

/**
 * The base64 sheet of assign-jobs, built in memory: at most `limit` jobs, the heading saying
 * so when there are more.
 */
export async function inlineJobSheet(
  repo: OrderRepository,
  service: SheetService,
  filter: OrderFilter,
  opts: { limit?: number; printedAt?: Date } = {},
): Promise<Buffer> {
  const limit = opts.limit ?? INLINE_SHEET_JOBS;
  const heading = await sheetHeading(repo, service, filter, { ...opts, limit });
  return renderJobSheet(heading, jobSheetBatches(repo, filter, { limit }));
}

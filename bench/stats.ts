import { performance } from 'node:perf_hooks';

/** The p-th percentile (0..100) of the samples, nearest rank; NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LoopFigures {
  p50: number;
  p99: number;
  /** Completed runs per second over the whole time. */
  perSecond: number;
  runs: number;
}

/**
 * Runs `work` back to back in `workers` parallel loops for `seconds` (at least `minRuns` runs in
 * all, so a slow call still gets a few samples) and times each run.
 */
export async function timeLoop(
  work: () => Promise<unknown>,
  opts: { seconds: number; workers: number; minRuns?: number },
): Promise<LoopFigures> {
  const times: number[] = [];
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const minRuns = opts.minRuns ?? 1;
  const loop = async () => {
    while (performance.now() < until || times.length < minRuns) {
      const t0 = performance.now();
      await work();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.workers }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    perSecond: times.length / elapsed,
    runs: times.length,
  };
}

/** Milliseconds as the tables show them: 0.42, 3.1, 27, 1 530. */
export function ms(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  if (value < 1) return value.toFixed(2);
  if (value < 10) return value.toFixed(1);
  return Math.round(value).toLocaleString('en-US');
}

export function perSecond(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  return value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
}

export function bytes(value: number | undefined): string {
  if (value === undefined) return '—';
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KB`;
  return `${(value / 1024 / 1024).toFixed(2)} MB`;
}

export function megabytes(kilobytes: number | undefined): string {
  return kilobytes === undefined ? '—' : `${Math.round(kilobytes / 1024)} MB`;
}

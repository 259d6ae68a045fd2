/** The bench's tables: one per database, printed padded and written as markdown. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { BenchCall, DataSize } from './calls';
import type { HttpFigures, SoakFigures } from './http';
import type { SqlFigures } from './sql';
import { bytes, megabytes, ms, perSecond } from './stats';

export interface TargetReport {
  title: string;
  date: string;
  size: DataSize;
  seconds: number;
  connections: number;
  gzip: boolean;
  calls: BenchCall[];
  http: Map<string, HttpFigures>;
  sql: Map<string, SqlFigures | { skipped: string }>;
  /** Load average (1 min) of the machine before and after: other work skews the figures. */
  load: { start: number; end: number };
  /** Server RSS (kB) before and after the calls; its peak by then. */
  rss: { start?: number; end?: number; peak?: number };
  soak?: SoakFigures;
  notes: string[];
}

function header(connections: number): string[] {
  const at = `@${connections}`;
  return [
    'call',
    'p50 ms',
    'p99 ms',
    `req/s${at}`,
    `p99${at} ms`,
    'bytes',
    'gzip',
    'total',
    'SQL',
    'raw p50 ms',
    `raw req/s${at}`,
    'ratio',
  ];
}

function rows(report: TargetReport): { cells: string[][]; skipped: string[] } {
  const cells: string[][] = [];
  const skipped: string[] = [];
  for (const call of report.calls) {
    const h = report.http.get(call.label);
    const s = report.sql.get(call.label);
    if (h?.skipped) {
      skipped.push(`${call.label}: ${h.skipped}`);
      continue;
    }
    const sql = s && 'queries' in s ? s : undefined;
    const failures = h?.many ? h.many.errors + h.many.non2xx : 0;
    const ratio =
      h?.many && sql ? `${Math.round((100 * h.many.perSecond) / sql.many.perSecond)} %` : '—';
    cells.push([
      call.label,
      ms(h?.one?.p50),
      ms(h?.one?.p99),
      perSecond(h?.many?.perSecond) + (failures ? ` (${failures} failed)` : ''),
      ms(h?.many?.p99),
      bytes(h?.bytes),
      bytes(h?.gzipBytes),
      h?.total === undefined ? '—' : h.total.toLocaleString('en-US'),
      sql ? String(sql.queries) : '—',
      ms(sql?.one.p50),
      perSecond(sql?.many.perSecond),
      ratio,
    ]);
    if (!h && s && 'skipped' in s) skipped.push(`${call.label}: ${s.skipped}`);
  }
  return { cells, skipped };
}

/** The commit measured, and whether the working tree differs from it (read only: no lock). */
function codeVersion(): string {
  const git = (...args: string[]) =>
    execFileSync('git', ['--no-optional-locks', ...args], { encoding: 'utf8' }).trim();
  try {
    const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `commit ${git('rev-parse', '--short', 'HEAD')}${changed ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'not a git checkout';
  }
}

function summary(report: TargetReport): string[] {
  const lines: string[] = [];
  const size = [
    report.size.orders !== undefined && `${report.size.orders.toLocaleString('en-US')} orders`,
    report.size.customers !== undefined &&
      `${report.size.customers.toLocaleString('en-US')} customers`,
  ].filter(Boolean);
  if (size.length) lines.push(`Data: ${size.join(', ')}.`);
  lines.push(`Code: ${codeVersion()}.`);
  const cpu = os.cpus();
  lines.push(
    `Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ` +
      `${report.seconds} s per measurement; one client back to back, then ${report.connections} connections (autocannon); ` +
      `answers ${report.gzip ? 'gzip-compressed' : 'not compressed'}. ` +
      `Raw SQL: the statements each call ran warm (the session held in memory), through the driver, same concurrency. ` +
      `Load average ${report.load.start.toFixed(1)} before, ${report.load.end.toFixed(1)} after.`,
  );
  lines.push(
    `Server RSS: ${megabytes(report.rss.start)} before the calls, ${megabytes(report.rss.end)} after (peak ${megabytes(report.rss.peak)}).`,
  );
  if (report.soak) {
    const k = report.soak;
    lines.push(
      `Soak: ${Math.round(k.seconds / 60)} min of mixed load over every call at ${k.connections} connections: ` +
        `${k.requests.toLocaleString('en-US')} requests, ${perSecond(k.perSecond)} req/s, p99 ${ms(k.p99)} ms` +
        (k.non2xx ? `, ${k.statuses}` : '') +
        (k.errors ? `, ${k.errors} connection errors or timeouts` : '') +
        `. RSS by minute: ${k.rss.map((r) => `${r.at} ${megabytes(r.rss)}`).join(', ')} (peak ${megabytes(k.rss.at(-1)?.peak)}).`,
    );
  }
  return lines;
}

/** The table padded for a terminal. */
export function formatText(report: TargetReport): string {
  const { cells, skipped } = rows(report);
  const all = [header(report.connections), ...cells];
  const widths = all[0]!.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    '',
    `== ${report.title} — ${report.date}`,
    ...summary(report),
    '',
    line(all[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.map(line),
    ...(skipped.length ? ['', 'Not measured:', ...skipped.map((s) => `  ${s}`)] : []),
    ...(report.notes.length ? ['', ...report.notes.map((n) => `Note: ${n}`)] : []),
    '',
  ].join('\n');
}

/** The same as a markdown section for docs/performance.md. */
export function formatMarkdown(report: TargetReport): string {
  const { cells, skipped } = rows(report);
  const head = header(report.connections);
  // `<phone>` would read as an HTML tag in markdown.
  const cell = (c: string) => c.replace(/\|/g, '\\|').replace(/</g, '&lt;');
  const row = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  return [
    `### ${report.title} — ${report.date}`,
    '',
    ...summary(report).flatMap((l) => [l, '']),
    row(head),
    `| --- | ${head
      .slice(1)
      .map(() => '---:')
      .join(' | ')} |`,
    ...cells.map(row),
    '',
    ...(skipped.length ? ['Not measured:', '', ...skipped.map((s) => `- ${cell(s)}`), ''] : []),
    ...(report.notes.length ? [...report.notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
}

import { describe, expect, it } from 'vitest';
import { quickRanges, rangeProblem } from '@resources/reports/ReportRange';
import type { SalesRow } from '@resources/reports/salesCalls';
import { barsOf, TOP_KEYS } from '@resources/reports/SalesReport';

/** The Sales tab's pure pieces (issue 38): its quick ranges, its range check, its chart's bars. */

const row = (key: string, amount: number, extra: Partial<SalesRow> = {}): SalesRow => ({
  key,
  label: `Label ${key}`,
  invoices: 1,
  creditNotes: 0,
  taxable: amount,
  tax: 0,
  amount,
  ...extra,
});

describe('the quick ranges', () => {
  it('end today, or are last month whole; the financial year starts in April', () => {
    expect(quickRanges('2027-01-15')).toEqual({
      last_30: { from: '2026-12-17', to: '2027-01-15' },
      this_month: { from: '2027-01-01', to: '2027-01-15' },
      last_month: { from: '2026-12-01', to: '2026-12-31' },
      this_fy: { from: '2026-04-01', to: '2027-01-15' },
    });
    expect(quickRanges('2026-04-01').this_fy).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(quickRanges('2026-03-31').this_fy.from).toBe('2025-04-01');
    expect(quickRanges('2024-03-10').last_month).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('are refused as the server refuses them: out of order, or past 366 days', () => {
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-31' })).toBe(
      'app.reports.sales.range.order',
    );
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe(
      'app.reports.sales.range.long',
    );
  });
});

describe("the chart's bars", () => {
  it('name the largest 20 keys and sum the rest as Others', () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(String(i), 100 - i + 0.1));
    const bars = barsOf(rows, 'rider', (n) => `Others (${n})`);
    expect(bars).toHaveLength(TOP_KEYS + 1);
    expect(bars.slice(0, TOP_KEYS).map((b) => b.label)).toEqual(
      rows.slice(0, TOP_KEYS).map((r) => r.label),
    );
    // 80.1 + 79.1 + 78.1 + 77.1 + 76.1, to the paisa.
    expect(bars.at(-1)).toEqual({ label: 'Others (5)', short: 'Others (5)', amount: 390.5 });
    expect(barsOf(rows.slice(0, 3), 'service', () => 'Others')).toHaveLength(3);
  });

  it('name a pin code by its number on the axis, with its place in the tooltip', () => {
    const [bar] = barsOf(
      [row('400053', 10, { label: '400053 · Andheri West, Mumbai' })],
      'pincode',
      () => '',
    );
    expect(bar).toMatchObject({ label: '400053 · Andheri West, Mumbai', short: '400053' });
  });

  it('give every period its sales and collections, a week named by its Monday', () => {
    const bars = barsOf(
      [
        row('2026-11-26', 10, { start: '2026-11-26', end: '2026-11-29', collections: 5 }),
        row('2026-11-30', 20, { start: '2026-11-30', end: '2026-12-06', collections: 0 }),
      ],
      'week',
      () => '',
    );
    expect(bars.map((b) => [b.short, b.amount, b.collections])).toEqual([
      ['23 Nov', 10, 5],
      ['30 Nov', 20, 0],
    ]);
  });
});

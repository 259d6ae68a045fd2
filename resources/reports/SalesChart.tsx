import { BarChart } from '@mui/x-charts/BarChart';
import { formatRupees } from '@/format';

/** One bar (or pair of bars) of the sales chart. */
export interface SalesBar {
  /** The full name, in the tooltip and the keyboard announcement. */
  label: string;
  /** What the axis shows (a phone has room for little). */
  short: string;
  amount: number;
  collections?: number;
}

const compact = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Height of a bar's band when the bars lie across (services, pin codes, riders). */
const BAND = 30;

/*
 * The bars of the Sales tab, in a module of its own so that MUI X Charts loads only with the
 * chart (as resources/dashboard/OrdersBarChart.tsx, whose notes apply: bands by position, named
 * by their label; no title/desc, the figure around it is labelled). Periods stand upright, sales
 * and collections side by side, the axis naming as many periods as fit; services, pin codes and
 * riders lie across, one named band each, so that a phone reads every name.
 */
export default function SalesChart({
  bars,
  periods,
  labels,
}: {
  bars: SalesBar[];
  periods: boolean;
  labels: { amount: string; collections: string };
}) {
  const band = {
    scaleType: 'band' as const,
    data: bars.map((_, index) => index),
    valueFormatter: (index: number, context: { location: string }) =>
      (context.location === 'tick' ? bars[index]?.short : bars[index]?.label) ?? '',
    tickLabelStyle: { fontSize: 12 },
  };
  const money = {
    valueFormatter: (value: number | null) => compact.format(value ?? 0),
    tickLabelStyle: { fontSize: 11 },
  };
  const series = [
    {
      data: bars.map((b) => b.amount),
      label: labels.amount,
      color: '#1565c0',
      valueFormatter: (value: number | null) => formatRupees(value ?? 0),
    },
    ...(periods
      ? [
          {
            data: bars.map((b) => b.collections ?? 0),
            label: labels.collections,
            color: '#2e7d32',
            valueFormatter: (value: number | null) => formatRupees(value ?? 0),
          },
        ]
      : []),
  ];
  if (periods) {
    return (
      <BarChart
        height={300}
        xAxis={[band]}
        yAxis={[{ ...money, width: 56 }]}
        series={series}
        margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
      />
    );
  }
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(160, bars.length * BAND + 48)}
      yAxis={[{ ...band, width: 116 }]}
      xAxis={[{ ...money, tickLabelMinGap: 16 }]}
      series={series}
      hideLegend
      margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
    />
  );
}

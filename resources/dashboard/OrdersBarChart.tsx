import { BarChart } from '@mui/x-charts/BarChart';
import { formatRupees } from '@/format';

export interface OrderBucket {
  label: string;
  start: string;
  end: string;
  orders: number;
  amount: number;
}

/*
 * The bars of the orders chart, in a module of its own so that MUI X Charts (vite.config.ts puts
 * it in the `charts-*` chunk, ~93 kB gzip) loads only with the dashboard. It draws the axes,
 * the tooltip and the keyboard access: Tab to the chart, then the arrow keys (Home, End) from bar
 * to bar, each announced as "Nov 2026; Orders; 1,121 orders · ₹…". A hand-drawn copy (~4 kB)
 * stood here until issue 33; composing ChartsDataProvider from its pieces saves only ~3 kB.
 * No `title`/`desc`: the library sets them as an aria-label on a role="none" element, which
 * assistive technology ignores (axe: aria-prohibited-attr); the figure around it is labelled.
 */
export default function OrdersBarChart({
  buckets,
  seriesLabel,
  tooltip,
}: {
  buckets: OrderBucket[];
  seriesLabel: string;
  tooltip: (bucket: OrderBucket, amount: string) => string;
}) {
  return (
    <BarChart
      height={300}
      xAxis={[
        {
          scaleType: 'band',
          // Bands by position, named by their label: a band scale would merge equal labels, and
          // the formatter also names the bar in the tooltip and the keyboard announcement.
          data: buckets.map((_, index) => index),
          valueFormatter: (index: number) => buckets[index]?.label ?? '',
          tickLabelStyle: { fontSize: 12 },
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 48 }]}
      series={[
        {
          data: buckets.map((b) => b.orders),
          label: seriesLabel,
          color: '#1565c0',
          valueFormatter: (_value, { dataIndex }) => {
            const bucket = buckets[dataIndex];
            return bucket ? tooltip(bucket, formatRupees(bucket.amount)) : '';
          },
        },
      ]}
      hideLegend
      margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
    />
  );
}

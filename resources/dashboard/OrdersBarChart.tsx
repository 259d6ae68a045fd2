import { BarChart } from '@mui/x-charts/BarChart';
import { formatRupees } from '../../src/format';

export interface OrderBucket {
  label: string;
  start: string;
  end: string;
  orders: number;
  amount: number;
}

/**
 * The bars of the orders chart, in a module of its own so that the charts library loads only
 * with the dashboard. Orders per bucket; the amount shows in the tooltip beside the count.
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
      dataset={buckets as unknown as Record<string, string | number>[]}
      xAxis={[{ scaleType: 'band', dataKey: 'label', tickLabelStyle: { fontSize: 12 } }]}
      yAxis={[{ tickMinStep: 1, width: 48 }]}
      series={[
        {
          dataKey: 'orders',
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

import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { formatRupees } from '@/format';
import { CHART_TYPES, DEFAULT_CHART_TYPE, type ChartType } from './chartTypes';
import type { OrderBucket } from './OrdersBarChart';
import { formatCount } from '@/format';

const OrdersBarChart = lazy(() => import('./OrdersBarChart'));

/**
 * Orders per day, week, month or quarter (GET order/get-orders-by-filter?type=), monthly by
 * default (spec 001 §9). The buckets come from the server, empty ones included; a table of the
 * same figures is there for screen readers.
 */
export function OrdersChart() {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.dashboard.${key}`, options);
  const [type, setType] = useState<ChartType>(DEFAULT_CHART_TYPE);
  const { data, isPending, error } = useGetList<OrderBucket & { id: string }>('dashboard', {
    filter: { type },
    meta: { list: 'ordersByFilter' },
  });
  useEffect(() => {
    if (error) notify(t('chart_load_failed', { reason: error.message }), { type: 'error' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  const buckets: OrderBucket[] = data ?? [];
  const unit = t(`units.${type}`);
  const totals = buckets.reduce(
    (sum, b) => ({ orders: sum.orders + b.orders, amount: sum.amount + b.amount }),
    { orders: 0, amount: 0 },
  );
  const title = `${t('chart_title')} (${t(`types.${type}`)})`;
  return (
    <Card component="section" aria-labelledby="orders-chart-title">
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 1,
          }}
        >
          <Typography variant="h6" component="h2" id="orders-chart-title">
            {title}
          </Typography>
          <TextField
            select
            size="small"
            id="orders-chart-period"
            label={t('chart_period')}
            value={type}
            onChange={(event) => setType(event.target.value as ChartType)}
            sx={{ minWidth: 160 }}
          >
            {CHART_TYPES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`types.${option}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {isPending ? (
          <Typography sx={{ height: 300 }}>{t('chart_loading')}</Typography>
        ) : error ? null : (
          <>
            <Suspense fallback={<Typography sx={{ height: 300 }}>{t('chart_loading')}</Typography>}>
              <Box
                component="figure"
                data-testid="orders-chart"
                aria-labelledby="orders-chart-title"
                sx={{ m: 0 }}
              >
                <OrdersBarChart
                  buckets={buckets}
                  seriesLabel={t('chart_series')}
                  tooltip={(bucket, amount) =>
                    t('chart_tooltip', { orders: formatCount(bucket.orders), amount })
                  }
                />
                <Box component="figcaption" sx={visuallyHidden}>
                  {t('chart_description', { unit })}
                </Box>
              </Box>
            </Suspense>
            <Typography variant="body2" color="text.secondary">
              {t('chart_total', {
                orders: formatCount(totals.orders),
                amount: formatRupees(totals.amount),
                count: buckets.length,
                units: t(`units_plural.${type}`),
              })}
            </Typography>
            <table style={visuallyHidden}>
              <caption>{t('chart_table_caption', { unit })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('chart_period_column')}</th>
                  <th scope="col">{t('chart_orders_column')}</th>
                  <th scope="col">{t('chart_amount_column')}</th>
                </tr>
              </thead>
              <tbody>
                {buckets.map((b) => (
                  <tr key={b.start}>
                    <th scope="row">{b.label}</th>
                    <td>{b.orders}</td>
                    <td>{formatRupees(b.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}

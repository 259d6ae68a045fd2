import { Box, Card, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { DUE_BUCKETS } from '@shared/account';
import { useActionQuery } from '@/actions/useActionQuery';
import { formatCount, formatRupees } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import type { DueFilters, DuesTotals as Totals } from './calls';

const FILTER_KEYS = ['search', 'pincode', 'riderId', 'minDays', 'billingMode'] as const;

/** The filters of the list as the call takes them (only those set). */
function filtersOf(values: Record<string, unknown>): DueFilters {
  return Object.fromEntries(
    FILTER_KEYS.filter((k) => values[k] !== undefined && values[k] !== '').map((k) => [
      k,
      String(values[k]),
    ]),
  );
}

/**
 * Above the Dues list: what the listed customers owe in all and in each age bucket (by their
 * oldest unpaid charge), for the filters chosen.
 */
export function DuesTotals() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const filters = filtersOf(filterValues);
  const totals = useActionQuery<AppDataProvider, Totals>(
    ['dues', 'totals', JSON.stringify(filters)],
    (dp) => dp.duesTotals({ ...filters, limit: 1 }),
  );
  if (totals.isPending) return null;
  if (totals.error || !totals.data) {
    return (
      <Typography color="error" role="alert">
        {translate('app.dues.totals_failed', {
          reason: (totals.error as Error | null)?.message ?? '',
        })}
      </Typography>
    );
  }
  const data = totals.data;
  return (
    <Box component="section" aria-label={translate('app.dues.title')} sx={{ mb: 2 }}>
      <Typography sx={{ mb: 1 }}>
        {translate('app.dues.owing_customers', {
          smart_count: data.customers,
          count: formatCount(data.customers),
          amount: formatRupees(data.owed),
        })}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        {DUE_BUCKETS.map((b) => (
          <Card key={b.key} component="li" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="body2" color="text.secondary">
              {b.label}
            </Typography>
            <Typography
              variant="h6"
              component="span"
              display="block"
              sx={{ fontWeight: 600, color: b.key === 'd90_plus' ? 'error.main' : undefined }}
            >
              {formatRupees(data.buckets[b.key])}
            </Typography>
          </Card>
        ))}
      </Box>
      {data.capped && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.dues.capped')}
        </Typography>
      )}
    </Box>
  );
}

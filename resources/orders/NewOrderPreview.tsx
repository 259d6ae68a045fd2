import { Alert, Box, Divider, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { serverReason } from '@/actions/useWriteFeedback';
import { formatRupees } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import type { PhoneOrderBody } from './calls';
import { toPhoneOrderBody } from './newOrderValues';

/** How long the form must rest before it is priced again, so typing is not a call a key. */
const PREVIEW_DELAY_MS = 400;

/** The form's place-order body, once it has rested for PREVIEW_DELAY_MS. */
function useRestingBody(): PhoneOrderBody | null {
  const values = useWatch() as Record<string, unknown>;
  const body = toPhoneOrderBody(values);
  const key = JSON.stringify(body);
  const [resting, setResting] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setResting(key), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return JSON.parse(resting) as PhoneOrderBody | null;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const variant = strong ? 'subtitle1' : 'body2';
  return (
    <Stack direction="row" justifyContent="space-between" spacing={2}>
      <Typography variant={variant} sx={strong ? { fontWeight: 700 } : undefined}>
        {label}
      </Typography>
      <Typography
        variant={variant}
        sx={{ fontWeight: strong ? 700 : undefined, whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * The server's price of the order as it is filled (order/price-preview: the lines, charges,
 * GST and total placing it would store), or the server's reason it cannot be placed.
 */
export function NewOrderPreview() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const body = useRestingBody();
  const { data, error, isFetching } = useQuery({
    queryKey: ['orders', 'pricePreview', body],
    queryFn: async () => (await dataProvider.previewOrderPrice(body!)).data,
    enabled: body !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const t = (key: string) => translate(`app.orders.${key}`);
  return (
    <Box aria-live="polite" aria-busy={isFetching} data-testid="price-preview">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('preview_title')}
      </Typography>
      {body === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('preview_empty')}
        </Typography>
      ) : error ? (
        <Alert severity="warning">{serverReason(error) || t('preview_failed')}</Alert>
      ) : !data ? (
        <Typography variant="body2" color="text.secondary">
          {t('preview_loading')}
        </Typography>
      ) : (
        <Stack spacing={0.75} sx={{ opacity: isFetching ? 0.6 : 1 }}>
          {data.lines.map((line) => (
            <Row
              key={`${line.kind}-${line._id}`}
              label={`${line.name} × ${line.quantity}`}
              value={formatRupees(line.amount)}
            />
          ))}
          <Divider />
          <Row label={t('preview_items')} value={formatRupees(data.amount)} />
          <Row label={t('delivery_charge')} value={formatRupees(data.deliveryCharge)} />
          {data.emergencyCharge > 0 && (
            <Row label={t('emergency_charge')} value={formatRupees(data.emergencyCharge)} />
          )}
          <Row label={t('gst')} value={formatRupees(data.gst)} />
          <Divider />
          <Row label={t('preview_total')} value={formatRupees(data.totalAmount)} strong />
          <Typography variant="caption" color="text.secondary">
            {t(data.orderType === 'reorder' ? 'preview_reorder' : 'preview_fresh')}
            {data.deliveryTime
              ? ` ${translate('app.orders.preview_slot', { slot: data.deliveryTime })}`
              : ''}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

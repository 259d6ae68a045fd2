import { Box, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import {
  RecordContextProvider,
  Title,
  useCanAccess,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { formatDay } from '@/format';
import { formatPhone } from '@/names';
import type { AppDataProvider } from '@/providers/types';
import { RecordLoadState } from '@/records/RecordCard';
import { EditLinkButton } from '@/records/RecordShow';
import { DetailList } from '../orders/DetailList';
import { itemName } from './fields';
import { useMadeOrders } from './MadeOrdersDialog';
import { PauseResumeButton } from './PauseResumeButton';
import { SubscriptionCalendar } from './SubscriptionCalendar';
import { SubscriptionHistory } from './SubscriptionHistory';
import { SubscriptionStatusChip } from './SubscriptionStatusChip';
import type { Subscription } from './types';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** One subscription with its history, pauses and skips (GET subscription/get-subscription/{id}). */
function useSubscriptionDetails(id: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['subscriptions', 'details', id],
    queryFn: async () => (await dataProvider.subscriptionDetails({ id })).data,
  });
}

/**
 * /admin-panel/subscription/view/{id}: the details, Edit, Pause or Resume, the month calendar
 * (skip a day, undo a skip, open a day's order) and the history.
 */
export function SubscriptionShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const details = useSubscriptionDetails(id!);
  const subscription = details.data?.subscription;
  return (
    <RecordLoadState
      isPending={details.isPending}
      error={details.error as Error | null}
      found={Boolean(subscription)}
    >
      <Title title={translate('app.subscriptions.view_title')} />
      {subscription && (
        <RecordContextProvider value={{ ...subscription, id: subscription._id }}>
          <SubscriptionView subscription={subscription} history={details.data!.history ?? []} />
        </RecordContextProvider>
      )}
    </RecordLoadState>
  );
}

function SubscriptionView({
  subscription: s,
  history,
}: {
  subscription: Subscription;
  history: Parameters<typeof SubscriptionHistory>[0]['history'];
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.subscriptions.${key}`, options);
  const { canAccess: canEdit } = useCanAccess({ resource: 'subscriptions', action: 'edit' });
  const made = useMadeOrders();
  const pauseLine = s.pause
    ? s.pause.to
      ? t('paused_line', { from: formatDay(s.pause.from), to: formatDay(s.pause.to) })
      : t('paused_open_line', { from: formatDay(s.pause.from) })
    : null;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Stack
            direction="row"
            justifyContent="space-between"
            alignItems="center"
            flexWrap="wrap"
            gap={1}
            sx={{ mb: 2 }}
          >
            <Stack direction="row" alignItems="center" gap={1.5} flexWrap="wrap">
              <Typography variant="h5" component="h1">
                {t('view_title')}
              </Typography>
              <SubscriptionStatusChip status={s.status} />
            </Stack>
            <Stack direction="row" gap={1}>
              {canEdit && s.status !== 'Ended' && (
                <EditLinkButton to={`/subscription/edit/${s._id}`} />
              )}
              <PauseResumeButton variant="button" />
            </Stack>
          </Stack>
          {(pauseLine || s.statusReason) && (
            <Typography color="warning.main" sx={{ mb: 2 }}>
              {[pauseLine, s.pause?.reason ?? s.statusReason].filter(Boolean).join(' · ')}
            </Typography>
          )}
          <DetailList
            items={[
              {
                label: t('customer'),
                value: (
                  <MuiLink component={Link} to={`/user/view/${s.userId}`}>
                    {s.customer?.name}
                  </MuiLink>
                ),
              },
              { label: translate('app.users.phone'), value: formatPhone(s.customer?.phone) },
              { label: t('service'), value: s.serviceName },
              { label: s.planId ? t('plan') : t('product'), value: itemName(s as never) },
              {
                label: t('accessories'),
                value: (s.accessories ?? []).map((a) => `${a.name} × ${a.quantity}`).join(', '),
              },
              { label: t('quantity'), value: s.quantity },
              ...(s.serviceKind === 'water' || s.serviceKind === 'oxygen'
                ? [
                    {
                      label: t(
                        s.serviceKind === 'oxygen' ? 'return_quantity_oxygen' : 'return_quantity',
                      ),
                      value: s.returnQuantity,
                    },
                  ]
                : []),
              { label: t('schedule'), value: s.scheduleText },
              { label: t('slot'), value: s.slot },
              { label: t('address'), value: s.address?.fullAddress },
              { label: t('pincode'), value: s.pincode },
              { label: t('start_date'), value: formatDay(s.startDate) },
              { label: t('end_date'), value: s.endDate ? formatDay(s.endDate) : t('no_end') },
              { label: t('next_delivery'), value: formatDay(s.nextDelivery) },
              {
                label: t('payment_method'),
                value: s.prepaid ? t('prepaid', { method: s.paymentMethod }) : s.paymentMethod,
              },
              { label: t('instructions'), value: s.specialInstruction },
            ]}
          />
        </CardContent>
      </Card>
      <Section title={t('calendar')}>
        <SubscriptionCalendar
          subscriptionId={s._id}
          onMadeOrders={(orders) => made.offer(s._id, orders)}
        />
      </Section>
      <Section title={t('history')}>
        <SubscriptionHistory history={history} />
      </Section>
      {made.dialog}
    </Box>
  );
}

import { Link as MuiLink, Stack } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  RecordContextProvider,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { AddButton } from '@/components/AddButton';
import { NoWrap } from '@/components/NoWrap';
import { RowActions } from '@/components/RowActions';
import { formatDay } from '@/format';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { formatPhone } from '@/names';
import { itemName } from './fields';
import { PauseResumeButton } from './PauseResumeButton';
import { SUBSCRIPTION_FILTERS, SubscriptionFilters } from './SubscriptionFilters';
import { SubscriptionStatusChip } from './SubscriptionStatusChip';

/** How the row buttons name a subscription: its customer and what it delivers. */
export const subscriptionName = (r: RaRecord) =>
  [r.customer?.name, itemName(r)].filter(Boolean).join(' – ');

/** View, edit, and pause or resume; on a phone the line itself opens the view. */
export function SubscriptionRowActions({ view = true }: { view?: boolean }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <RecordContextProvider value={{ ...record, name: subscriptionName(record) }}>
      <Stack direction="row" spacing={0.5} alignItems="center">
        <RowActions
          viewPath={view ? '/subscription/view' : undefined}
          editPath={record.status === 'Ended' ? undefined : '/subscription/edit'}
        />
        <PauseResumeButton />
      </Stack>
    </RecordContextProvider>
  );
}

/** The customer's name, opening the customer. */
export function CustomerLink({ record }: { record: RaRecord }) {
  return (
    <MuiLink component={Link} to={`/user/view/${record.userId}`}>
      {record.customer?.name}
    </MuiLink>
  );
}

/** On a phone: one line per subscription, opening it. */
export function SubscriptionPhoneList() {
  const translate = useTranslate();
  return (
    <PhoneList
      name={subscriptionName}
      primary={(r) => r.customer?.name}
      badge={(r) => <SubscriptionStatusChip status={r.status} />}
      lines={(r) => [
        [r.serviceName, itemName(r), `× ${r.quantity}`].filter(Boolean).join(' · '),
        [r.scheduleText, r.slot, r.pincode].filter(Boolean).join(' · '),
        r.nextDelivery &&
          `${translate('app.subscriptions.next_delivery')}: ${formatDay(r.nextDelivery)}`,
      ]}
      to={(r) => `/subscription/view/${r.id}`}
      actions={<SubscriptionRowActions view={false} />}
    />
  );
}

/** The table of subscriptions, for the list and the customer's tab. */
export function SubscriptionDatagrid({ customer = true }: { customer?: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => `app.subscriptions.${key}`;
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      {customer && (
        <FunctionField
          label={t('customer')}
          sortable={false}
          render={(r) => (
            <Stack>
              <CustomerLink record={r} />
              <NoWrap>{formatPhone(r.customer?.phone)}</NoWrap>
            </Stack>
          )}
        />
      )}
      <FunctionField label={t('service')} sortable={false} render={(r) => r.serviceName} />
      <FunctionField label={t('item')} sortable={false} render={itemName} />
      <FunctionField label={t('quantity')} sortable={false} render={(r) => r.quantity} />
      <FunctionField label={t('schedule')} sortable={false} render={(r) => r.scheduleText} />
      <FunctionField label={t('slot')} sortable={false} render={(r) => <NoWrap>{r.slot}</NoWrap>} />
      <FunctionField label={t('pincode')} sortable={false} render={(r) => r.pincode} />
      <FunctionField
        label={t('next_delivery')}
        sortable={false}
        render={(r) => <NoWrap>{formatDay(r.nextDelivery) || '—'}</NoWrap>}
      />
      <FunctionField
        label={t('status')}
        sortable={false}
        render={(r) => <SubscriptionStatusChip status={r.status} />}
      />
      <FunctionField
        label={t('end_date')}
        sortable={false}
        render={(r) => <NoWrap>{r.endDate ? formatDay(r.endDate) : translate(t('no_end'))}</NoWrap>}
      />
      <FunctionField label="app.list.actions" render={() => <SubscriptionRowActions />} />
    </Datagrid>
  );
}

/**
 * /admin-panel/subscriptions/{page}: newest first, searched by the customer's name or phone,
 * filtered by service, status, pin code, slot and 'ending within'; CSV export; cards on phones.
 */
export function SubscriptionList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="subscriptions"
      title={translate('app.subscriptions.title')}
      sort={{ field: 'createdAt', order: 'DESC' }}
      search
      exportable
      queryKeys={SUBSCRIPTION_FILTERS}
      filters={<SubscriptionFilters />}
      actions={<AddButton resource="subscriptions" to="/subscription/add" />}
    >
      {phone ? <SubscriptionPhoneList /> : <SubscriptionDatagrid />}
    </PathPagedList>
  );
}

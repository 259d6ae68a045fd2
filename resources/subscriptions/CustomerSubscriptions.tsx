import { Box, Stack } from '@mui/material';
import { ListBase, useTranslate } from 'react-admin';
import { AddButton } from '@/components/AddButton';
import { useIsPhone } from '@/lists/PhoneList';
import { TabList } from '@/lists/TabList';
import { SubscriptionDatagrid, SubscriptionPhoneList } from './SubscriptionList';

/**
 * The customer view's Subscriptions tab: that customer's subscriptions (`userId`), newest
 * first, paged here rather than in the address, and 'Add subscription' for them.
 */
export function CustomerSubscriptions({ userId }: { userId: string }) {
  const translate = useTranslate();
  return (
    <Box>
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
        <AddButton
          resource="subscriptions"
          to={`/subscription/add?userId=${encodeURIComponent(userId)}`}
          label={translate('app.subscriptions.add')}
        />
      </Stack>
      <ListBase
        resource="subscriptions"
        filter={{ userId }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        disableSyncWithLocation
        storeKey={false}
      >
        <TabList emptyText={translate('app.subscriptions.customer_none')}>
          <CustomerSubscriptionRows />
        </TabList>
      </ListBase>
    </Box>
  );
}

function CustomerSubscriptionRows() {
  return useIsPhone() ? <SubscriptionPhoneList /> : <SubscriptionDatagrid customer={false} />;
}

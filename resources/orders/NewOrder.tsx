import { Box, Card, CardContent, Typography } from '@mui/material';
import { Form, Title, useRedirect, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useAction } from '@/actions/useAction';
import { FormToolbar } from '@/forms/FormToolbar';
import type { AppDataProvider } from '@/providers/types';
import type { PhoneOrderBody } from './calls';
import { NewOrderCustomer } from './NewOrderCustomer';
import { NewOrderDelivery, NewOrderItems } from './NewOrderItems';
import { NewOrderPreview } from './NewOrderPreview';
import { newOrderValues, toPhoneOrderBody } from './newOrderValues';

/**
 * /admin-panel/order/new (issue 37; `?userId=` picks the customer, from their view): an order
 * taken for a caller. The form on the left (on a phone, first), the server's price beside it
 * as it is filled; Place Order calls order/place-order and opens the order placed.
 */
export function NewOrder() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const [params] = useSearchParams();
  const place = useAction((dp: AppDataProvider, body: PhoneOrderBody) => dp.placePhoneOrder(body), {
    failureMessage: 'app.orders.new_failed',
    invalidates: ['orders'],
    onSuccess: (result) => redirect(`/order/view/${result.data._id}`),
  });
  return (
    <Box sx={{ mt: 2, pb: { xs: 10, sm: 2 } }}>
      <Title title={translate('app.orders.new_title')} />
      <Form
        defaultValues={newOrderValues(params.get('userId'))}
        onSubmit={(values: Record<string, unknown>) => {
          const body = toPhoneOrderBody(values);
          return body ? place.submit(body) : undefined;
        }}
        disableInvalidFormNotification
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(280px, 2fr)' },
            maxWidth: 1100,
          }}
        >
          <Card>
            <CardContent>
              <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
                {translate('app.orders.new_title')}
              </Typography>
              <NewOrderCustomer />
              <NewOrderItems />
              <NewOrderDelivery />
            </CardContent>
          </Card>
          <Card sx={{ position: { md: 'sticky' }, top: { md: 72 } }}>
            <CardContent>
              <NewOrderPreview />
            </CardContent>
            <FormToolbar
              label={translate('app.orders.new_place')}
              busyLabel={translate('app.orders.new_placing')}
            />
          </Card>
        </Box>
      </Form>
    </Box>
  );
}

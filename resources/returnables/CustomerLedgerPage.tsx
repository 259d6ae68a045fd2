import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatPhone } from '@/names';
import { CustomerReturnables } from './CustomerReturnables';

/**
 * /admin-panel/returnable/customer/{userId}: a customer's jars and cylinders, for admins of
 * Return Management who may not open customers (the others get the customer view's tab).
 */
export function CustomerLedgerPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  return (
    <Card sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title={translate('app.returnables.tab')} />
      <CardContent>
        <CustomerReturnables
          key={id}
          userId={id}
          heading={(customer) => (
            <>
              <Typography variant="h5" component="h1">
                {translate('app.returnables.ledger_title', { name: customer.name })}
              </Typography>
              <Typography color="text.secondary">{formatPhone(customer.phone)}</Typography>
            </>
          )}
        />
      </CardContent>
    </Card>
  );
}

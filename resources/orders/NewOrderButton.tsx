import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { Button } from '@mui/material';
import { Link, useCanAccess, useTranslate } from 'react-admin';

/** New order for this customer (their view's actions): opens New order with them chosen. */
export function NewOrderButton({ userId }: { userId: string }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'create' });
  if (!canAccess) return null;
  return (
    <Button
      component={Link}
      to={`/order/new?userId=${encodeURIComponent(userId)}`}
      startIcon={<AddShoppingCartIcon />}
      variant="contained"
    >
      {translate('app.orders.new_button')}
    </Button>
  );
}

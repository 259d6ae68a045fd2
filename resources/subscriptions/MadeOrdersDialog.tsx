import {
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAction } from '@/actions/useAction';
import { formatDay } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import type { MadeOrder } from './types';

interface Offer {
  subscriptionId: string;
  orders: MadeOrder[];
  /** What follows once every order is cancelled or kept (going back after an edit). */
  after?: () => void;
}

/**
 * After an edit, a pause or a skip that answers `madeOrders`: a dialog saying "The order for
 * <day> (OD…) was already made" for each, offering to cancel it or keep it. `offer()` opens it
 * (or runs `after` at once when there is nothing to say); render `dialog` once in the screen.
 */
export function useMadeOrders() {
  const [offer, setOffer] = useState<Offer | null>(null);
  const open = (subscriptionId: string, orders: MadeOrder[] | undefined, after?: () => void) => {
    if (!orders?.length) after?.();
    else setOffer({ subscriptionId, orders, after });
  };
  const settle = (order: MadeOrder) => {
    if (!offer) return;
    const left = offer.orders.filter((o) => o._id !== order._id);
    if (left.length) setOffer({ ...offer, orders: left });
    else {
      setOffer(null);
      offer.after?.();
    }
  };
  const dialog = offer ? <MadeOrdersDialog offer={offer} onSettled={settle} /> : null;
  return { offer: open, dialog };
}

function MadeOrdersDialog({
  offer,
  onSettled,
}: {
  offer: Offer;
  onSettled: (order: MadeOrder) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.subscriptions.${key}`, options);
  const cancel = useAction(
    (dp: AppDataProvider, order: MadeOrder) =>
      dp.cancelSubscriptionDayOrder({ subscriptionId: offer.subscriptionId, orderId: order._id }),
    {
      failureMessage: 'app.subscriptions.cancel_order_failed',
      invalidates: ['subscriptions', 'orders'],
      onSuccess: (_result, order) => onSettled(order),
    },
  );
  return (
    <Dialog open aria-labelledby="made-orders-title" fullWidth maxWidth="sm">
      <DialogTitle id="made-orders-title">{t('made_title')}</DialogTitle>
      <DialogContent>
        <List disablePadding>
          {offer.orders.map((order) => (
            <ListItem key={order._id} divider disableGutters>
              <Stack spacing={1} sx={{ width: '100%' }}>
                <Typography>
                  {t('made_line', { day: formatDay(order.deliveryDay), orderId: order.orderId })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('made_text')}
                </Typography>
                <Stack direction="row" gap={1} flexWrap="wrap">
                  <Button
                    variant="contained"
                    color="warning"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(order)}
                    aria-label={`${t('cancel_order')} ${order.orderId}`}
                  >
                    {t('cancel_order')}
                  </Button>
                  <Button
                    variant="outlined"
                    disabled={cancel.isPending}
                    onClick={() => onSettled(order)}
                    aria-label={`${t('keep_order')} ${order.orderId}`}
                  >
                    {t('keep_order')}
                  </Button>
                </Stack>
              </Stack>
            </ListItem>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}

import {
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { useActionQuery } from '@/actions/useActionQuery';
import { formatCount, formatRupees } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import { StockButton } from './StockDialog';
import type { StockItem } from './types';
import { useIsPhone } from '@/lists/PhoneList';

const FIGURES = ['full', 'empty', 'withCustomers', 'total'] as const;
const FIGURE_LABELS: Record<(typeof FIGURES)[number], string> = {
  full: 'app.returnables.full',
  empty: 'app.returnables.empty',
  withCustomers: 'app.returnables.with_customers',
  total: 'app.returnables.total',
};

function StockActions({ item }: { item: StockItem }) {
  return (
    <Stack direction="row" gap={1} flexWrap="wrap">
      <StockButton item={item} move="refill" />
      <StockButton item={item} move="receive" />
    </Stack>
  );
}

/** On a phone: a card per item, its figures in two columns, then the two actions. */
function StockCards({ stock, canEdit }: { stock: StockItem[]; canEdit: boolean }) {
  const translate = useTranslate();
  return (
    <Stack component="ul" gap={0} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {stock.map((item) => (
        <Box
          component="li"
          key={item.productId}
          sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}
          aria-label={item.name}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {item.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {item.serviceName} · {translate('app.returnables.deposit_each')}{' '}
            {formatRupees(item.deposit)}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, my: 1 }}
          >
            {FIGURES.map((figure) => (
              <Box key={figure} sx={{ display: 'flex', gap: 1 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {translate(FIGURE_LABELS[figure])}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                  {formatCount(item[figure])}
                </Typography>
              </Box>
            ))}
          </Box>
          {canEdit && <StockActions item={item} />}
        </Box>
      ))}
    </Stack>
  );
}

function StockTable({ stock, canEdit }: { stock: StockItem[]; canEdit: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.returnables.${key}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('stock_title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('item')}</TableCell>
            <TableCell>{t('service')}</TableCell>
            {FIGURES.map((figure) => (
              <TableCell key={figure} align="right">
                {translate(FIGURE_LABELS[figure])}
              </TableCell>
            ))}
            <TableCell align="right">{t('deposit_each')}</TableCell>
            {canEdit && <TableCell>{translate('app.list.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {stock.map((item) => (
            <TableRow key={item.productId}>
              <TableCell component="th" scope="row">
                {item.name}
              </TableCell>
              <TableCell>{item.serviceName}</TableCell>
              {FIGURES.map((figure) => (
                <TableCell key={figure} align="right">
                  {formatCount(item[figure])}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRupees(item.deposit)}
              </TableCell>
              {canEdit && (
                <TableCell>
                  <StockActions item={item} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * /admin-panel/depot-stock: per returnable item, the units full and empty at the depot, with
 * customers, and in all; empties refilled and new full units received.
 */
export function DepotStockPage() {
  const translate = useTranslate();
  const isSmall = useIsPhone();
  const { canAccess: canEdit } = useCanAccess({ resource: 'returnables', action: 'edit' });
  const stock = useActionQuery<AppDataProvider, StockItem[]>(['returnables', 'stock'], (dp) =>
    dp.returnableStock({}),
  );
  const title = translate('app.returnables.stock_title');
  const items = stock.data ?? [];
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Card>
        {stock.isPending ? (
          <Typography sx={{ p: 3 }} role="status">
            {translate('app.loading')}
          </Typography>
        ) : stock.error ? (
          <Typography sx={{ p: 3 }} color="error" role="alert">
            {translate('app.returnables.stock_failed', { reason: (stock.error as Error).message })}
          </Typography>
        ) : !items.length ? (
          <CardContent>
            <Typography>{translate('app.returnables.no_stock')}</Typography>
          </CardContent>
        ) : isSmall ? (
          <StockCards stock={items} canEdit={Boolean(canEdit)} />
        ) : (
          <StockTable stock={items} canEdit={Boolean(canEdit)} />
        )}
      </Card>
    </Box>
  );
}

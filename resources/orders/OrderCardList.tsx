import {
  Box,
  Checkbox,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import {
  RecordContextProvider,
  SortButton,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDashedDate, formatRupees } from '@/format';
import { OrderIdCell } from './OrderIdCell';
import { OrderStatusButton } from './OrderStatusButton';
import { OrderStatusChip } from './OrderStatusChip';
import { customerName, orderTotal } from './orderFields';

export interface OrderCardListProps {
  viewPath: string;
  sortFields: string[];
  /** The Return count of a row, or undefined where the list shows none. */
  returnOf?: (r: RaRecord) => ReactNode;
  jobs: boolean;
  tiffin: boolean;
  /** The bulk actions toolbar, when the admin may select orders; rows get checkboxes. */
  bulkToolbar?: ReactNode;
}

/**
 * The orders of a list on a phone, where the table's eleven columns would run off the screen:
 * one line per order (number and status; customer, date and amount; the job's pin code and
 * rider), opening the order, with the table's row checkbox and status button beside the line
 * rather than inside its link, and the table's sorts in react-admin's sort menu.
 */
export function OrderCardList({
  viewPath,
  sortFields,
  returnOf,
  jobs,
  tiffin,
  bulkToolbar,
}: OrderCardListProps) {
  const { data = [], selectedIds, onToggleItem, onSelect } = useListContext();
  const translate = useTranslate();
  const selectable = Boolean(bulkToolbar);
  const pageIds = data.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id)).length;
  return (
    <Box>
      {bulkToolbar}
      <Stack
        direction="row"
        alignItems="center"
        justifyContent={selectable ? 'space-between' : 'flex-end'}
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {selectable && (
          <Checkbox
            checked={selectedOnPage === pageIds.length}
            indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
            onChange={(e) =>
              e.target.checked
                ? onSelect([...new Set([...selectedIds, ...pageIds])])
                : onSelect(selectedIds.filter((id) => !pageIds.includes(id)))
            }
            slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
          />
        )}
        {/* Labels from `resources.orders.fields` whatever the list's resource. */}
        <SortButton fields={sortFields} resource="orders" />
      </Stack>
      <List disablePadding>
        {data.map((order) => (
          <RecordContextProvider value={order} key={order.id}>
            <ListItem
              divider
              disablePadding
              secondaryAction={tiffin ? undefined : <OrderStatusButton />}
            >
              {selectable && (
                <Checkbox
                  sx={{ ml: 1 }}
                  checked={selectedIds.includes(order.id)}
                  onChange={() => onToggleItem(order.id)}
                  slotProps={{
                    input: {
                      'aria-label': translate('app.orders.select', { orderId: order.orderId }),
                    },
                  }}
                />
              )}
              <ListItemButton
                component={Link}
                to={`${viewPath}/${order.id}`}
                sx={{ pl: selectable ? 0.5 : 2 }}
              >
                <ListItemText
                  disableTypography
                  primary={
                    <Stack
                      direction="row"
                      alignItems="center"
                      justifyContent="space-between"
                      gap={1}
                    >
                      <Typography variant="body1" component="span" sx={{ fontWeight: 500 }}>
                        <OrderIdCell order={order} />
                      </Typography>
                      <OrderStatusChip status={order.status} />
                    </Stack>
                  }
                  secondary={
                    <Typography variant="body2" color="text.secondary" component="div">
                      <div>
                        {[
                          customerName(order),
                          formatDashedDate(order.createdAt),
                          formatRupees(orderTotal(order)),
                        ].join(' · ')}
                      </div>
                      {details(order, { jobs, tiffin, returnOf, translate })}
                    </Typography>
                  }
                />
              </ListItemButton>
            </ListItem>
          </RecordContextProvider>
        ))}
      </List>
    </Box>
  );
}

/** The line under the first: a job's pin code and rider, a plan's days, the jars to collect. */
function details(
  order: RaRecord,
  {
    jobs,
    tiffin,
    returnOf,
    translate,
  }: Pick<OrderCardListProps, 'jobs' | 'tiffin' | 'returnOf'> & {
    translate: ReturnType<typeof useTranslate>;
  },
) {
  const parts: ReactNode[] = [];
  if (jobs) {
    parts.push(order.pincode);
    parts.push(order.rider?.name ?? translate('app.assigningJobs.unassigned'));
  }
  if (tiffin) {
    parts.push(`${formatDashedDate(order.startDate)} – ${formatDashedDate(order.endDate)}`);
  }
  const returns = returnOf?.(order);
  if (returns !== undefined && returns !== '—') {
    parts.push(`${translate('app.orders.return')} ${returns}`);
  }
  const shown = parts.filter((p) => p !== undefined && p !== null && p !== '');
  return shown.length ? <div>{shown.join(' · ')}</div> : null;
}

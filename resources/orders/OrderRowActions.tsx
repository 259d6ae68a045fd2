import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { OrderStatusButton } from './OrderStatusButton';

/** View (to `{viewPath}/{id}`) and, unless `noStatusEdit`, the status modal. */
export function OrderRowActions({
  viewPath,
  noStatusEdit = false,
}: {
  viewPath: string;
  noStatusEdit?: boolean;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate('app.orders.view', { orderId: record.orderId });
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <Tooltip title={label}>
        <IconButton
          component={Link}
          to={`${viewPath}/${record.id}`}
          aria-label={label}
          size="small"
        >
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {!noStatusEdit && <OrderStatusButton />}
    </Stack>
  );
}

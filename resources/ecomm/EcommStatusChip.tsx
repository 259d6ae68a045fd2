import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Active (green) or Inactive (grey): inactive products and categories are not sold. */
export function EcommStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const active = status === 'Active';
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={
        status === 'Active' || status === 'Inactive'
          ? translate(active ? 'app.ecomm.active' : 'app.ecomm.inactive')
          : String(status ?? '')
      }
    />
  );
}

import { useTranslate } from 'react-admin';
import { activeTone, StatusChip } from '@/components/StatusChip';

/** Active (green) or Inactive (grey): inactive products and categories are not sold. */
export function EcommStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  return (
    <StatusChip
      tone={activeTone(status)}
      label={
        status === 'Active' || status === 'Inactive'
          ? translate(status === 'Active' ? 'app.ecomm.active' : 'app.ecomm.inactive')
          : String(status ?? '')
      }
    />
  );
}

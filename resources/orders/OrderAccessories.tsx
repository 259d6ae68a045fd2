import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatRupees } from '@/format';

interface OrderAccessory {
  _id?: string;
  detail?: { _id?: string; name?: string } | null;
  quantity: number;
  /** Per unit; the table shows amount x quantity. */
  amount: number;
}

/** The accessories of an order: name, quantity, and the amount for that quantity in rupees. */
export function OrderAccessories({ accessories }: { accessories: OrderAccessory[] }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('app.orders.accessories')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.orders.accessory')}</TableCell>
          <TableCell align="right">{translate('app.orders.quantity')}</TableCell>
          <TableCell align="right">{translate('app.orders.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {accessories.map((a, i) => (
          <TableRow key={a._id ?? i}>
            <TableCell>{a.detail?.name}</TableCell>
            <TableCell align="right">{a.quantity}</TableCell>
            <TableCell align="right">
              {formatRupees(Number(a.amount) * Number(a.quantity))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

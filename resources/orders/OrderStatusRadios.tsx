import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ORDER_STATUSES, type OrderStatus } from '@/orders/orderFields';

/** The four order statuses to choose from, labelled 'Status' (the status dialogs, one or many). */
export function OrderStatusRadios({
  id,
  value,
  onChange,
}: {
  /** Ties the label to the group. */
  id: string;
  value: OrderStatus | '';
  onChange: (status: OrderStatus) => void;
}) {
  const translate = useTranslate();
  return (
    <FormControl>
      <FormLabel id={`${id}-label`}>{translate('app.orders.status')}</FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={value}
        onChange={(e) => onChange(e.target.value as OrderStatus)}
      >
        {ORDER_STATUSES.map((s) => (
          <FormControlLabel key={s} value={s} control={<Radio />} label={s} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

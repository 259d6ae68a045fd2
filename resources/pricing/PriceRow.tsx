import { Avatar, Button, TableCell, TableRow, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { useWriteCallbacks } from '@/actions/useWriteCallbacks';
import { imageUrl } from '@/format';
import { editData, isChanged, priceValuesOf, validatePrices, type PriceValues } from './prices';

const FIELDS: { key: keyof PriceValues; label: string; step: string }[] = [
  { key: 'price', label: 'app.pricing.price', step: '0.01' },
  { key: 'discountPrice', label: 'app.pricing.discount_price', step: '0.01' },
  { key: 'stockQuantity', label: 'app.pricing.stock', step: '1' },
];

/** One product or accessory with its figures editable and saved on their own. */
export function PriceRow({
  resource,
  record,
  imageSource,
  failureMessage,
  canEdit,
}: {
  resource: 'products' | 'accessories';
  record: RaRecord;
  imageSource: string;
  failureMessage: string;
  canEdit: boolean;
}) {
  const translate = useTranslate();
  const [saved, setSaved] = useState(() => priceValuesOf(record));
  const [values, setValues] = useState(saved);
  const [update, { isPending: busy }] = useUpdate();
  const callbacks = useWriteCallbacks({
    resource,
    failureMessage,
    onSuccess: () => setSaved(values),
  });
  const errors = validatePrices(values);
  const changed = isChanged(values, saved);
  const valid = Object.keys(errors).length === 0;
  const name = String(record.name ?? '');

  const save = () =>
    update(
      resource,
      { id: record.id, data: editData(record, values), previousData: record },
      { mutationMode: 'pessimistic', ...callbacks },
    );

  return (
    <TableRow hover>
      <TableCell>
        <Avatar
          variant="rounded"
          src={imageUrl(record[imageSource])}
          alt={name}
          slotProps={{ img: { loading: 'lazy' } }}
          sx={{ width: 44, height: 44 }}
        />
      </TableCell>
      <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
        {name}
      </TableCell>
      {FIELDS.map(({ key, label, step }) => (
        <TableCell key={key} sx={{ verticalAlign: 'top' }}>
          <TextField
            size="small"
            type="number"
            value={values[key]}
            onChange={(e) => setValues({ ...values, [key]: e.target.value })}
            error={changed && Boolean(errors[key])}
            helperText={changed && errors[key] ? translate(errors[key]) : undefined}
            disabled={busy}
            fullWidth
            slotProps={{
              htmlInput: {
                min: 0,
                step,
                readOnly: !canEdit,
                'aria-label': translate('app.pricing.field_of', { field: translate(label), name }),
              },
            }}
          />
        </TableCell>
      ))}
      <TableCell sx={{ verticalAlign: 'top' }}>
        {canEdit && (
          <Button
            variant="contained"
            size="small"
            onClick={save}
            disabled={busy || !changed || !valid}
            aria-label={`${translate('app.pricing.save')} ${name}`}
            sx={{ mt: 0.5, whiteSpace: 'nowrap' }}
          >
            {busy ? translate('app.updating') : translate('app.pricing.save')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

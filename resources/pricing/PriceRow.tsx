import { Avatar, Button, TableCell, TableRow, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  HttpError,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { imageUrl } from '../../src/format';
import type { WriteMeta } from '../../src/providers/dataProvider';
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
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [saved, setSaved] = useState(() => priceValuesOf(record));
  const [values, setValues] = useState(saved);
  const [busy, setBusy] = useState(false);
  const errors = validatePrices(values);
  const changed = isChanged(values, saved);
  const valid = Object.keys(errors).length === 0;
  const name = String(record.name ?? '');

  const save = async () => {
    setBusy(true);
    try {
      const result = await dataProvider.update(resource, {
        id: record.id,
        data: editData(record, values),
        previousData: record,
      });
      const { message } = ((result as { meta?: WriteMeta }).meta ?? {}) as WriteMeta;
      notify(message || 'ra.notification.updated', {
        type: 'success',
        messageArgs: { smart_count: 1 },
      });
      setSaved(values);
      await queryClient.invalidateQueries({ queryKey: [resource] });
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) {
        const reached = error instanceof HttpError && error.status > 0;
        notify(reached ? (error as Error).message : failureMessage, { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

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

import { Avatar, Box, Button, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { imageUrl } from '@/format';
import { PRICE_FIELDS, usePriceEditor } from './usePriceEditor';

interface PriceRowProps {
  resource: 'products' | 'accessories';
  record: RaRecord;
  imageSource: string;
  failureMessage: string;
  canEdit: boolean;
}

/** One product or accessory with its figures editable and saved on their own. */
export function PriceRow(props: PriceRowProps) {
  const { editor, name, picture, inputs, saveButton } = usePriceParts(props);
  return (
    <TableRow hover>
      <TableCell>{picture}</TableCell>
      <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
        {name}
      </TableCell>
      {inputs.map((input, i) => (
        <TableCell key={PRICE_FIELDS[i]!.key} sx={{ verticalAlign: 'top' }}>
          {input}
        </TableCell>
      ))}
      <TableCell sx={{ verticalAlign: 'top' }}>{editor && saveButton}</TableCell>
    </TableRow>
  );
}

/**
 * The same on a phone, where the table's six columns do not fit: the picture and name, then
 * the three figures side by side, named above each, and Save.
 */
export function PriceBlock(props: PriceRowProps) {
  const { editor, name, picture, inputs, saveButton } = usePriceParts(props, true);
  return (
    <Box component="li" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" alignItems="center" gap={2} sx={{ mb: 1.5 }}>
        {picture}
        <Box component="h3" sx={{ typography: 'body1', fontWeight: 500, m: 0 }}>
          {name}
        </Box>
      </Stack>
      <Stack direction="row" gap={1}>
        {inputs}
      </Stack>
      {editor && <Box sx={{ mt: 1, textAlign: 'right' }}>{saveButton}</Box>}
    </Box>
  );
}

function usePriceParts(
  { resource, record, imageSource, failureMessage, canEdit }: PriceRowProps,
  labelled = false,
) {
  const translate = useTranslate();
  const { values, setValue, errors, changed, valid, busy, save } = usePriceEditor({
    resource,
    record,
    failureMessage,
  });
  const name = String(record.name ?? '');
  const picture = (
    <Avatar
      variant="rounded"
      src={imageUrl(record[imageSource])}
      alt={name}
      slotProps={{ img: { loading: 'lazy' } }}
      sx={{ width: 44, height: 44 }}
    />
  );
  const inputs = PRICE_FIELDS.map(({ key, label, step }) => (
    <TextField
      key={key}
      size="small"
      type="number"
      // On a phone each figure is named above it; the table names them in its header.
      label={labelled ? translate(label) : undefined}
      value={values[key]}
      onChange={(e) => setValue(key, e.target.value)}
      error={changed && Boolean(errors[key])}
      helperText={changed && errors[key] ? translate(errors[key]) : undefined}
      disabled={busy}
      fullWidth
      // Side by side on a phone, the longest label ('Discount Price (₹)') given the most room.
      sx={labelled ? { flex: key === 'discountPrice' ? 1.5 : 1, minWidth: 0 } : undefined}
      slotProps={{
        htmlInput: {
          min: 0,
          step,
          readOnly: !canEdit,
          'aria-label': translate('app.pricing.field_of', { field: translate(label), name }),
        },
      }}
    />
  ));
  const saveButton = (
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
  );
  return { editor: canEdit, name, picture, inputs, saveButton };
}

import {
  AutocompleteArrayInput,
  maxLength,
  minLength,
  required,
  SelectInput,
  TextInput,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { pincodeLabel } from '@shared/pincode';
import { PINCODE_DROPDOWN_SIZE } from '@/lists/filters/PincodeFilter';
import { RIDER_SHIFTS, RIDER_STATUSES } from './types';

/** Mirrors the server: 10 digits starting 6-9, with +91 or 0 in front and spaces allowed. */
export const riderPhoneFormat = (value: unknown) =>
  value && !/^(?:\+91|0)?[6-9]\d{9}$/.test(String(value).replace(/\s+/g, ''))
    ? 'app.riders.phone_format'
    : undefined;

const pincodesChosen = (value: unknown) =>
  !Array.isArray(value) || value.length === 0
    ? 'app.riders.pincodes_required'
    : value.length > 50
      ? 'app.riders.pincodes_too_many'
      : undefined;

/** The service areas (the pincodes resource) to choose from, with the rider's own kept. */
function usePincodeChoices() {
  const record = useRecordContext();
  const { data = [] } = useGetList('pincodes', {
    pagination: { page: 1, perPage: PINCODE_DROPDOWN_SIZE },
    sort: { field: 'number', order: 'ASC' },
  });
  const labels = new Map(data.map((p) => [String(p.number), pincodeLabel(p)]));
  // A pin code no longer a service area still shows on the rider being edited.
  for (const pin of (record?.pincodes as string[] | undefined) ?? []) {
    if (!labels.has(pin)) labels.set(pin, pin);
  }
  return [...labels.keys()].sort().map((n) => ({ id: n, name: labels.get(n)! }));
}

/** The fields shared by add and edit. */
export function RiderInputs() {
  const translate = useTranslate();
  const pincodes = usePincodeChoices();
  const width = { maxWidth: 420 };
  return (
    <>
      <TextInput
        source="name"
        label="app.riders.name"
        validate={[required(), minLength(2), maxLength(80)]}
        sx={width}
        fullWidth
      />
      <TextInput
        source="phone"
        label="app.riders.phone"
        validate={[required(), riderPhoneFormat]}
        helperText="app.riders.phone_help"
        slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off', maxLength: 16 } }}
        sx={width}
        fullWidth
      />
      <TextInput
        source="vehicle"
        label="app.riders.vehicle"
        validate={maxLength(60)}
        // A cleared box stays '' (react-admin makes it null, which the body leaves out).
        parse={(value: string) => value}
        helperText="app.riders.vehicle_help"
        sx={width}
        fullWidth
      />
      <AutocompleteArrayInput
        source="pincodes"
        label="app.riders.pincodes"
        choices={pincodes}
        validate={pincodesChosen}
        helperText="app.riders.pincodes_help"
        sx={width}
        fullWidth
      />
      <SelectInput
        source="shift"
        label="app.riders.shift"
        choices={RIDER_SHIFTS.map((s) => ({ id: s, name: translate(`app.riders.shifts.${s}`) }))}
        validate={required()}
        sx={width}
        fullWidth
      />
      <SelectInput
        source="status"
        label="app.riders.status"
        choices={RIDER_STATUSES.map((s) => ({ id: s, name: s }))}
        validate={required()}
        sx={width}
        fullWidth
      />
    </>
  );
}

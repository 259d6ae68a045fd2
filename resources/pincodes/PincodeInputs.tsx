import { required, SelectInput, TextInput } from 'react-admin';

export const PIN_TYPE_CHOICES = [
  { id: 'Home', name: 'Home' },
  { id: 'Office', name: 'Office' },
  { id: 'Other', name: 'Other' },
];

/** Mirrors the server: six digits, the first 1-9 (an Indian PIN code). */
export const pinCodeFormat = (value: unknown) =>
  value && !/^[1-9][0-9]{5}$/.test(String(value).trim()) ? 'app.pincodes.format' : undefined;

/** The fields shared by add and edit. */
export function PincodeInputs() {
  return (
    <>
      <TextInput
        source="number"
        label="app.pincodes.number"
        validate={[required(), pinCodeFormat]}
        helperText="app.pincodes.number_help"
        slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric', autoComplete: 'off' } }}
        sx={{ maxWidth: 320 }}
        fullWidth
      />
      <SelectInput
        source="pinType"
        label="app.pincodes.pin_type"
        choices={PIN_TYPE_CHOICES}
        validate={required()}
        sx={{ maxWidth: 320 }}
        fullWidth
      />
    </>
  );
}

import { required, SelectInput, TextInput } from 'react-admin';
import { isPinCode } from '@shared/pincode';

export const PIN_TYPE_CHOICES = [
  { id: 'Home', name: 'Home' },
  { id: 'Office', name: 'Office' },
  { id: 'Other', name: 'Other' },
];

/** The server's rule (shared/pincode.ts): six digits, the first 1-9. */
export const pinCodeFormat = (value: unknown) =>
  value && !isPinCode(String(value).trim()) ? 'app.pincodes.format' : undefined;

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

import { maxLength, required, SelectInput, TextInput } from 'react-admin';
import { isPinCode } from '@shared/pincode';

export const PIN_TYPE_CHOICES = [
  { id: 'Home', name: 'Home' },
  { id: 'Office', name: 'Office' },
  { id: 'Other', name: 'Other' },
];

/** The server's rule (shared/pincode.ts): six digits, the first 1-9. */
export const pinCodeFormat = (value: unknown) =>
  value && !isPinCode(String(value).trim()) ? 'app.pincodes.format' : undefined;

/** The server's limit of an area or a city (issue 37). */
export const PLACE_MAX = 80;

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
      {(['area', 'city'] as const).map((source) => (
        <TextInput
          key={source}
          source={source}
          label={`app.pincodes.${source}`}
          validate={maxLength(PLACE_MAX)}
          // A cleared box stays '' (react-admin makes it null, which the body leaves out).
          parse={(value: string) => value}
          helperText={`app.pincodes.${source}_help`}
          slotProps={{ htmlInput: { maxLength: PLACE_MAX } }}
          sx={{ maxWidth: 320 }}
          fullWidth
        />
      ))}
    </>
  );
}

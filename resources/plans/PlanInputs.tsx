import { minValue, NumberInput, required, TextInput } from 'react-admin';

/** Mirrors the server: whole days. */
const wholeDays = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !Number.isInteger(Number(value))
    ? 'app.plans.whole_days'
    : undefined;

/**
 * The fields shared by add and edit. No HTML min/step attributes: the browser's own check would
 * block the submit before the panel's messages could show.
 */
export function PlanInputs() {
  return (
    <>
      <TextInput source="name" label="app.plans.name" validate={required()} fullWidth />
      <NumberInput
        source="duration"
        label="app.plans.duration"
        validate={[required(), minValue(1), wholeDays]}
        sx={{ maxWidth: 320 }}
        fullWidth
      />
      <NumberInput
        source="price"
        label="app.plans.price"
        validate={[required(), minValue(0)]}
        sx={{ maxWidth: 320 }}
        fullWidth
      />
    </>
  );
}

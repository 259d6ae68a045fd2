import { useFormState } from 'react-hook-form';
import { SaveButton, Toolbar } from 'react-admin';

/** The form's single submit button, with the spec's label and busy label. */
export function FormToolbar({ label, busyLabel }: { label: string; busyLabel: string }) {
  const { isSubmitting } = useFormState();
  return (
    <Toolbar>
      <SaveButton label={isSubmitting ? busyLabel : label} alwaysEnable={false} />
    </Toolbar>
  );
}

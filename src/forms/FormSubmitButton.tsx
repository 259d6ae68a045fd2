import { useFormState } from 'react-hook-form';
import { BusyButton } from '../components/BusyButton';

/**
 * The submit button of a react-admin `<Form>`, busy while its onSubmit runs. Unlike SaveButton
 * it stays enabled on an untouched form, so that submitting without a choice can say what is
 * missing (the spec's 'Please select ...' messages).
 */
export function FormSubmitButton({ label, busyLabel }: { label: string; busyLabel: string }) {
  const { isSubmitting } = useFormState();
  return <BusyButton busy={isSubmitting} label={label} busyLabel={busyLabel} />;
}

import { RecordForm } from '@/forms/RecordForm';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useAction } from '@/actions/useAction';
import { useActionQuery } from '@/actions/useActionQuery';
import { FormToolbar } from '@/forms/FormToolbar';
import type { ActionResult } from '@/providers/actions';
import type { AppDataProvider } from '@/providers/types';
import { SettingsCard } from '@/components/SettingsCard';

/**
 * One single setting's form: read through its action, saved through another with the server's
 * message; it stays on the page and shows what the server now holds.
 */
export function SettingForm<Stored>({
  name,
  title,
  read,
  save,
  toForm,
  failureMessage,
  label,
  busyLabel,
  children,
}: {
  /** Its react-query key under `deliverySettings`. */
  name: string;
  /** The page title and heading (an i18n key). */
  title: string;
  read: (dataProvider: AppDataProvider) => Promise<ActionResult<Stored>>;
  save: (dataProvider: AppDataProvider, values: FieldValues) => Promise<ActionResult<unknown>>;
  /** The form's values from what the server holds (nothing stored yet: `undefined`). */
  toForm: (stored: Stored | undefined) => FieldValues;
  /** The spec's 'Failed to ...' wording, shown when the server cannot be reached. */
  failureMessage: string;
  label: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const stored = useActionQuery(['deliverySettings', name], read);
  const action = useAction(save, { failureMessage, invalidates: ['deliverySettings'] });
  return (
    <SettingsCard title={translate(title)} isPending={stored.isPending} error={stored.error}>
      <RecordForm
        // A new answer from the server refills the form.
        key={stored.dataUpdatedAt}
        record={toForm(stored.data ?? undefined)}
        onSubmit={action.submit}
        toolbar={<FormToolbar label={label} busyLabel={translate(busyLabel)} />}
      >
        {children}
      </RecordForm>
    </SettingsCard>
  );
}

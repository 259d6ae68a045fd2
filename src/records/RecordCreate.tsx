import { RecordForm } from '@/forms/RecordForm';
import type { ReactNode } from 'react';
import { CreateBase, useTranslate, type TransformData } from 'react-admin';
import { FormToolbar } from '../forms/FormToolbar';
import { RecordCard } from './RecordCard';
import { useRecordSaved } from './useRecordSaved';

export interface RecordCreateProps {
  resource: string;
  /** The page title and heading (an i18n key). */
  title: string;
  /** Where to go after adding when the panel has no history. */
  backTo: string;
  /** The spec's 'Failed to add ...' wording, shown when the server cannot be reached. */
  failureMessage: string;
  defaultValues?: Record<string, unknown>;
  label?: string;
  busyLabel?: string;
  maxWidth?: number;
  /** What the form sends, from what it holds (e.g. the category of the page it was opened from). */
  transform?: TransformData;
  children: ReactNode;
}

/** An add screen on react-admin's CreateBase: `useCreate`, the server's message, then back. */
export function RecordCreate({
  resource,
  title,
  backTo,
  failureMessage,
  defaultValues,
  label = 'Add',
  busyLabel = 'app.adding',
  maxWidth,
  transform,
  children,
}: RecordCreateProps) {
  const translate = useTranslate();
  const callbacks = useRecordSaved(resource, { failureMessage, backTo });
  return (
    <CreateBase
      resource={resource}
      mutationOptions={callbacks}
      transform={transform}
      redirect={false}
    >
      <RecordCard title={translate(title)} maxWidth={maxWidth}>
        <RecordForm
          defaultValues={defaultValues}
          toolbar={<FormToolbar label={label} busyLabel={translate(busyLabel)} />}
        >
          {children}
        </RecordForm>
      </RecordCard>
    </CreateBase>
  );
}

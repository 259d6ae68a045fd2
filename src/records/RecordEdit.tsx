import { RecordForm } from '@/forms/RecordForm';
import type { ReactElement, ReactNode } from 'react';
import {
  EditBase,
  useEditContext,
  useTranslate,
  type RaRecord,
  type TransformData,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { FormToolbar } from '../forms/FormToolbar';
import { RecordCard, RecordLoadState } from './RecordCard';
import { useRecordSaved } from './useRecordSaved';

export interface RecordEditProps {
  resource: string;
  /** The page title and heading (an i18n key). */
  title: string;
  /** Where to go after saving when the panel has no history (a reload, a shared link). */
  backTo: string | ((record: RaRecord) => string);
  /** The spec's 'Failed to edit ...' wording, shown when the server cannot be reached. */
  failureMessage: string;
  /** The record id; by default the route's `:id`, so the spec's URLs stay. */
  id?: string;
  label?: string;
  busyLabel?: string;
  maxWidth?: number;
  /** What the form sends, from what it holds (e.g. a banner's kept and new images). */
  transform?: TransformData;
  /** What the form starts from, when not the record as loaded (blank password boxes). */
  toForm?: (record: RaRecord) => RaRecord;
  children: ReactNode;
}

/**
 * An edit screen on react-admin's EditBase: loads the record by id, shows 'Loading ...' or why
 * it is missing, saves pessimistically through `useUpdate` with the server's message, then goes
 * back. A screen is its inputs: `<RecordEdit resource="pincodes" ...><PincodeInputs /></...>`.
 */
export function RecordEdit({
  resource,
  title,
  backTo,
  failureMessage,
  id,
  label = 'Update',
  busyLabel = 'app.updating',
  maxWidth,
  transform,
  toForm,
  children,
}: RecordEditProps) {
  const params = useParams();
  const translate = useTranslate();
  const callbacks = useRecordSaved(resource, { failureMessage, backTo });
  return (
    <EditBase
      resource={resource}
      id={id ?? params.id}
      mutationMode="pessimistic"
      mutationOptions={callbacks}
      transform={transform}
      redirect={false}
      // A missing record is said on the screen (RecordLoadState), not in a toast and a redirect.
      queryOptions={{ onError: () => undefined }}
      redirectOnError={false}
    >
      <EditState>
        <RecordCard title={translate(title)} maxWidth={maxWidth}>
          <EditForm
            toForm={toForm}
            toolbar={<FormToolbar label={label} busyLabel={translate(busyLabel)} />}
          >
            {children}
          </EditForm>
        </RecordCard>
      </EditState>
    </EditBase>
  );
}

function EditState({ children }: { children: ReactNode }) {
  const { isPending, error, record } = useEditContext();
  return (
    <RecordLoadState isPending={isPending} error={error} found={Boolean(record)}>
      {children}
    </RecordLoadState>
  );
}

function EditForm({
  toForm,
  toolbar,
  children,
}: {
  toForm?: (record: RaRecord) => RaRecord;
  toolbar: ReactElement;
  children: ReactNode;
}) {
  const { record } = useEditContext();
  return (
    <RecordForm record={toForm && record ? toForm(record) : undefined} toolbar={toolbar}>
      {children}
    </RecordForm>
  );
}

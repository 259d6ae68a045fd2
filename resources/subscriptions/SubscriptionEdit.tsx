import { useState } from 'react';
import { EditBase, useEditContext, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { useAction } from '@/actions/useAction';
import { serverReason } from '@/actions/useWriteFeedback';
import { FormToolbar } from '@/forms/FormToolbar';
import { RecordForm } from '@/forms/RecordForm';
import type { AppDataProvider } from '@/providers/types';
import { RecordCard, RecordLoadState } from '@/records/RecordCard';
import { goBack } from '@/records/useRecordSaved';
import type { SubscriptionEditParams } from './calls';
import { toBody, toForm } from './formValues';
import { useMadeOrders } from './MadeOrdersDialog';
import { useServices } from './SubscriptionFilters';
import { SubscriptionInputs } from './SubscriptionInputs';

/**
 * /admin-panel/subscription/edit/{id}: loads the subscription by id (EditBase) and saves
 * through the edit action, whose answer names the orders already made for the days the change
 * affects: a dialog offers to cancel each before going back.
 */
export function SubscriptionEdit() {
  const { id } = useParams();
  return (
    <EditBase
      resource="subscriptions"
      id={id}
      redirect={false}
      queryOptions={{ onError: () => undefined }}
      redirectOnError={false}
    >
      <EditScreen id={id!} />
    </EditBase>
  );
}

function EditScreen({ id }: { id: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { record, isPending, error } = useEditContext();
  const services = useServices();
  const made = useMadeOrders();
  const [serverError, setServerError] = useState<string>();
  const edit = useAction(
    (dp: AppDataProvider, params: SubscriptionEditParams) => dp.editSubscription(params),
    {
      failureMessage: 'app.subscriptions.edit_failed',
      invalidates: ['subscriptions'],
      onSuccess: ({ data }) => {
        setServerError(undefined);
        made.offer(id, data?.madeOrders, () => goBack(navigate, `/subscription/view/${id}`));
      },
      onError: (e) => setServerError(serverReason(e) || undefined),
    },
  );
  const submit = (values: Record<string, unknown>) => {
    const kind =
      (services.find((s) => String(s.id) === String(values.serviceId))?.kind as string) ??
      (record as RaRecord | undefined)?.serviceKind;
    const { userId: _customer, ...body } = toBody(values, kind);
    return edit.submit({ subscriptionId: id, ...body });
  };
  return (
    <RecordLoadState isPending={isPending} error={error} found={Boolean(record)}>
      <RecordCard title={translate('app.subscriptions.edit_title')}>
        {record && (
          <RecordForm
            record={toForm(record)}
            onSubmit={submit}
            toolbar={<FormToolbar label="Update" busyLabel={translate('app.updating')} />}
          >
            <SubscriptionInputs mode="edit" serverError={serverError} />
          </RecordForm>
        )}
      </RecordCard>
      {made.dialog}
    </RecordLoadState>
  );
}

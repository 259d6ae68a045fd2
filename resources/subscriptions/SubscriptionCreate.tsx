import { useState } from 'react';
import { CreateBase, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useWriteCallbacks } from '@/actions/useWriteCallbacks';
import { serverReason } from '@/actions/useWriteFeedback';
import { FormToolbar } from '@/forms/FormToolbar';
import { RecordForm } from '@/forms/RecordForm';
import { RecordCard } from '@/records/RecordCard';
import { goBack } from '@/records/useRecordSaved';
import { newSubscriptionValues, toBody } from './formValues';
import { useServices } from './SubscriptionFilters';
import { SubscriptionInputs } from './SubscriptionInputs';

/**
 * /admin-panel/subscription/add (`?userId=` picks the customer, from their view). CreateBase
 * as RecordCreate does, with the server's refusal also kept above the fields.
 */
export function SubscriptionCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? undefined;
  const services = useServices();
  const [serverError, setServerError] = useState<string>();
  const callbacks = useWriteCallbacks({
    resource: 'subscriptions',
    failureMessage: 'app.subscriptions.add_failed',
    onSuccess: () =>
      goBack(navigate, userId ? `/user/view/${userId}?tab=subscriptions` : '/subscriptions/1'),
  });
  const kindOf = (serviceId: unknown) =>
    services.find((s) => String(s.id) === String(serviceId))?.kind as string | undefined;
  return (
    <CreateBase
      resource="subscriptions"
      redirect={false}
      transform={(values) => toBody(values, kindOf(values.serviceId))}
      mutationOptions={{
        onSuccess: (record) => {
          setServerError(undefined);
          return callbacks.onSuccess(record);
        },
        onError: (error) => {
          setServerError(serverReason(error) || undefined);
          callbacks.onError(error);
        },
      }}
    >
      <RecordCard title={translate('app.subscriptions.add_title')}>
        <RecordForm
          defaultValues={newSubscriptionValues(userId)}
          toolbar={<FormToolbar label="Add" busyLabel={translate('app.adding')} />}
        >
          <SubscriptionInputs mode="create" serverError={serverError} />
        </RecordForm>
      </RecordCard>
    </CreateBase>
  );
}

import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  email,
  Form,
  regex,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  useCreateSuggestionContext,
  useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { GST_STATES } from '@shared/gst';
import { PIN_CODE_PATTERN } from '@shared/pincode';
import { useAction } from '@/actions/useAction';
import { serverReason } from '@/actions/useWriteFeedback';
import type { AppDataProvider } from '@/providers/types';
import type { NewCustomer } from '../users/calls';

const STATE_CHOICES = GST_STATES.map((s) => ({ id: s.name, name: s.name }));
const MOBILE = /^(\+91|0)?[\s-]*[6-9](?:[\s-]*\d){9}$/;

/** What the search box held: a phone number, or the first and last names. */
function fromSearch(text: string): Partial<NewCustomer> {
  const typed = text.trim();
  if (/^[+\d\s-]+$/.test(typed)) return { phone: typed };
  const [firstName = '', ...rest] = typed.split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * The autocomplete's "Add new customer" (react-admin's create suggestion): a dialog adding the
 * caller with their address (user/add-user), prefilled from what was typed; the customer added
 * is then chosen.
 */
export function AddCustomerFromSearch() {
  const { filter, onCancel, onCreate } = useCreateSuggestionContext();
  return (
    <NewCustomerDialog
      initial={fromSearch(filter ?? '')}
      onClose={onCancel}
      onAdded={(user) => onCreate({ ...user, id: user._id })}
    />
  );
}

type AddedCustomer = Awaited<ReturnType<AppDataProvider['addCustomer']>>['data'];

function NewCustomerDialog({
  initial,
  onClose,
  onAdded,
}: {
  initial: Partial<NewCustomer>;
  onClose: () => void;
  onAdded: (user: AddedCustomer) => void;
}) {
  const translate = useTranslate();
  const [serverError, setServerError] = useState<string>();
  const add = useAction((dp: AppDataProvider, body: NewCustomer) => dp.addCustomer(body), {
    failureMessage: 'app.orders.add_customer_failed',
    invalidates: ['callers', 'users'],
    onSuccess: (result) => onAdded(result.data),
    onError: (error) => setServerError(serverReason(error) || undefined),
  });
  const t = (key: string) => `app.orders.add_customer_${key}`;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="add-customer-title"
      // Back on the search, focus would open its list over the fields that come next.
      disableRestoreFocus
    >
      {/* Its own form, rendered in a portal but inside New order's in React: its submit
          must not reach New order's form. */}
      <Box onSubmit={(e) => e.stopPropagation()}>
        <Form
          defaultValues={{ state: 'Karnataka', ...initial }}
          onSubmit={(values: Record<string, unknown>) =>
            add.submit(values as unknown as NewCustomer)
          }
          disableInvalidFormNotification
        >
          <DialogTitle id="add-customer-title">{translate(t('title'))}</DialogTitle>
          <DialogContent>
            {serverError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {serverError}
              </Alert>
            )}
            <Box
              sx={{
                display: 'grid',
                columnGap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              }}
            >
              <TextInput source="firstName" label={t('first_name')} validate={required()} />
              <TextInput source="lastName" label={t('last_name')} />
              <TextInput
                source="phone"
                label={t('phone')}
                helperText={t('phone_help')}
                validate={[required(), regex(MOBILE, t('phone_invalid'))]}
                type="tel"
              />
              <TextInput source="email" label={t('email')} validate={email()} type="email" />
            </Box>
            <TextInput
              source="address"
              label={t('address')}
              validate={required()}
              multiline
              fullWidth
            />
            <Box
              sx={{
                display: 'grid',
                columnGap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' },
              }}
            >
              <TextInput source="city" label={t('city')} validate={required()} />
              <SelectInput
                source="state"
                label={t('state')}
                choices={STATE_CHOICES}
                validate={required()}
              />
              <TextInput
                source="pincode"
                label={t('pincode')}
                helperText={t('pincode_help')}
                validate={[required(), regex(PIN_CODE_PATTERN, 'app.orders.pin_code_invalid')]}
              />
            </Box>
          </DialogContent>
          <DialogActions>
            <Button label="app.orders.cancel" onClick={onClose} />
            <AddCustomerButton />
          </DialogActions>
        </Form>
      </Box>
    </Dialog>
  );
}

function AddCustomerButton() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <SaveButton
      label={translate(
        isSubmitting ? 'app.orders.add_customer_saving' : 'app.orders.add_customer_save',
      )}
      alwaysEnable={false}
    />
  );
}
